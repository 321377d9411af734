import type { SVGProps } from 'react';

// Each icon is a list of shapes on a 24 x 24 grid: a string is a path's `d`, the others a circle
// (cx, cy, r) or a rectangle (x, y, width, height, corner radius).
type Shape = string | { circle: readonly [number, number, number] } | { rect: readonly number[] };

const shapes = {
  eye: ['M1.5 12s3.8-7 10.5-7 10.5 7 10.5 7-3.8 7-10.5 7S1.5 12 1.5 12Z', { circle: [12, 12, 3.2] }],
  eyeOff: ['M10.6 5.1A10.9 10.9 0 0 1 12 5c6.7 0 10.5 7 10.5 7a18.6 18.6 0 0 1-3.1 4.1M6.3 6.3C3.2 8.3 1.5 12 1.5 12s3.8 7 10.5 7a10 10 0 0 0 5.7-1.7', 'M9.9 9.9a3 3 0 0 0 4.2 4.2', 'M2 2l20 20'],
  search: [{ circle: [11, 11, 6.5] }, 'm20 20-4.3-4.3'],
  mail: [{ rect: [2.5, 4.5, 19, 15, 1.5] }, 'm3 6 9 7 9-7'],
  chevronDown: ['m6 9 6 6 6-6'],
  close: ['M6 6l12 12M18 6 6 18'],
  menu: ['M4 6h16M4 12h16M4 18h16'],
  logout: ['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5M21 12H9'],
  user: [{ circle: [12, 8, 4] }, 'M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7'],
  grid: [{ rect: [3, 3, 7, 7] }, { rect: [14, 3, 7, 7] }, { rect: [3, 14, 7, 7] }, { rect: [14, 14, 7, 7] }],
  list: ['M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01'],
  check: ['m4.5 12.5 5 5 10-11'],
  x: ['M6 6l12 12M18 6 6 18'],
  inbox: ['M22 12h-6l-2 3h-4l-2-3H2', 'M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6Z'],
  chart: ['M3 3v18h18M7 15l4-4 3 3 6-7'],
  alert: ['M12 3 2 20h20L12 3Z', 'M12 10v4M12 17h.01'],
  info: [{ circle: [12, 12, 9] }, 'M12 11v5M12 8h.01'],
  lock: [{ rect: [4, 11, 16, 10, 1.5] }, 'M8 11V7a4 4 0 0 1 8 0v4'],
  upload: ['M12 16V4M6 10l6-6 6 6M4 20h16'],
  download: ['M12 4v12M6 10l6 6 6-6M4 20h16'],
  external: ['M14 4h6v6M20 4 10 14M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'],
  send: ['M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z'],
  plus: ['M12 5v14M5 12h14'],
  /** a speech bubble: conversations, the support widget's button */
  chat: ['M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z'],
  /** a question mark in a circle: help */
  help: [{ circle: [12, 12, 9] }, 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01'],
  /** two ticks: a message was read */
  checks: ['m2 12.5 4.5 4.5L15 7.5M9.5 15.5l1.5 1.5L21.5 7.5'],
  /** the notification bell */
  bell: ['M6 8.5a6 6 0 0 1 12 0c0 6.5 2.5 8.5 2.5 8.5h-17S6 15 6 8.5Z', 'M10.2 20.5a2 2 0 0 0 3.6 0'],
} satisfies Record<string, readonly Shape[]>;

function draw(shape: Shape, key: number) {
  if (typeof shape === 'string') return <path key={key} d={shape} />;
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle;
    return <circle key={key} cx={cx} cy={cy} r={r} />;
  }
  const [x, y, width, height, rx] = shape.rect;
  return <rect key={key} x={x} y={y} width={width} height={height} rx={rx} />;
}

export type IconName = keyof typeof shapes;

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'name'> & {
  name: IconName;
  /** px, default 16 */
  size?: number;
  /** accessible name; without it the icon is decorative (aria-hidden) */
  title?: string;
};

/** Line icons drawn with the current text colour. */
export function Icon({ name, size = 16, title, strokeWidth = 1.8, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
      {...rest}
    >
      {(shapes[name] as readonly Shape[]).map(draw)}
    </svg>
  );
}
