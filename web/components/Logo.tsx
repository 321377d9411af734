import styled from 'styled-components';

export type LogoProps = {
  /** mark only, no wordmark */
  compact?: boolean;
  /** mark height in px (default 22) */
  size?: number;
  /** hide from assistive tech (when a nearby text already names the product) */
  decorative?: boolean;
  className?: string;
};

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 9px;
  color: ${({ theme }) => theme.colors.textStrong};
  text-decoration: none;
  white-space: nowrap;
`;

const Word = styled.span`
  display: inline-block;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 15px;
  font-weight: 800;
  letter-spacing: 0.16em;
  line-height: 1;

  b {
    font-weight: 800;
    color: ${({ theme }) => theme.colors.up};
  }
`;

/** DATA PIT wordmark with a small candlestick 'ticker' mark. */
export function Logo({ compact = false, size = 22, decorative = false, className }: LogoProps) {
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : compact
      ? { role: 'img', 'aria-label': 'DATA PIT' }
      : {};
  return (
    <Wrap className={className} {...a11y}>
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="0.5" y="0.5" width="23" height="23" rx="3" fill="#0c1117" stroke="#2a3847" />
        {/* three candles: down, up, up */}
        <line x1="6" y1="5" x2="6" y2="17" stroke="#ff4d5e" strokeWidth="1.2" />
        <rect x="4.3" y="8" width="3.4" height="6" fill="#ff4d5e" />
        <line x1="12" y1="7" x2="12" y2="19" stroke="#19d27c" strokeWidth="1.2" />
        <rect x="10.3" y="9.5" width="3.4" height="7" fill="#19d27c" />
        <line x1="18" y1="3" x2="18" y2="14" stroke="#19d27c" strokeWidth="1.2" />
        <rect x="16.3" y="4.5" width="3.4" height="7" fill="#19d27c" />
      </svg>
      {!compact && (
        <Word>
          DATA <b>PIT</b>
        </Word>
      )}
    </Wrap>
  );
}
