import { useEffect, useState } from 'react';

export type MarketClockProps = { className?: string };

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** HH:MM:SS local time. */
function formatClock(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A <time> that ticks every second, aligned to the second. */
export function MarketClock({ className }: MarketClockProps) {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const d = new Date();
      setNow(d);
      timer = setTimeout(tick, 1000 - (d.getTime() % 1000) + 5);
    };
    timer = setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
    return () => clearTimeout(timer);
  }, []);

  const text = formatClock(now);
  return (
    <time className={className} dateTime={text} data-testid="market-clock" suppressHydrationWarning>
      {text}
    </time>
  );
}
