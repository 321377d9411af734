// The trading-floor look: near-black floor, slightly lighter panels, thin borders, monospace figures.
// Green = up / positive / primary action, red = down / destructive, amber = pending / warning, blue = info.

const mono = "ui-monospace, 'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace";
const sans =
  "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const breakpoints = {
  /** phones end here */
  sm: 640,
  /** the wide-screen search box appears from here */
  lg: 1024,
  xl: 1280,
} as const;

/** Media queries, usable directly in styled-components template literals. */
export const media = {
  /** >= 640px */
  sm: `@media (min-width: ${breakpoints.sm}px)`,
  /** >= 1024px */
  lg: `@media (min-width: ${breakpoints.lg}px)`,
  /** >= 1280px */
  xl: `@media (min-width: ${breakpoints.xl}px)`,
  /** < 640px */
  mobile: `@media (max-width: ${breakpoints.sm - 0.02}px)`,
  /** < 1024px */
  belowLg: `@media (max-width: ${breakpoints.lg - 0.02}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

export const theme = {
  colors: {
    /** the floor */
    bg: '#06080b',
    /** header / footer bars */
    bar: '#090c11',
    /** panels and cards */
    panel: '#0c1117',
    /** headers inside panels, table heads */
    panelAlt: '#10161e',
    /** inputs, raised controls */
    raised: '#131b25',
    /** hover fill */
    hover: '#19232f',
    border: '#1b2530',
    borderStrong: '#2a3847',
    text: '#d9e1ea',
    textStrong: '#f3f6f9',
    textMuted: '#8b98a8',
    /** the dimmest text: at least 4.5:1 on every surface up to `hover` (WCAG AA for small text) */
    textDim: '#7d8a9a',

    up: '#19d27c',
    upHover: '#3ee394',
    upSoft: 'rgba(25, 210, 124, 0.12)',
    upBorder: 'rgba(25, 210, 124, 0.38)',
    /** text drawn on a solid green fill */
    onUp: '#02150b',

    down: '#ff4d5e',
    downHover: '#ff6b7a',
    downSoft: 'rgba(255, 77, 94, 0.12)',
    downBorder: 'rgba(255, 77, 94, 0.4)',
    onDown: '#1d0306',

    amber: '#ffb020',
    amberSoft: 'rgba(255, 176, 32, 0.12)',
    amberBorder: 'rgba(255, 176, 32, 0.4)',

    blue: '#3ea6ff',
    blueSoft: 'rgba(62, 166, 255, 0.12)',
    blueBorder: 'rgba(62, 166, 255, 0.4)',

    neutralSoft: 'rgba(139, 152, 168, 0.12)',
    neutralBorder: 'rgba(139, 152, 168, 0.32)',

    focus: '#3ea6ff',
    overlay: 'rgba(2, 4, 6, 0.72)',
    star: '#ffb020',
  },
  fonts: { mono, sans },
  fontSizes: {
    /** tiny uppercase labels */
    xxs: '10px',
    xs: '11px',
    sm: '12px',
    md: '13px',
    base: '14px',
    lg: '16px',
    xl: '20px',
    xxl: '26px',
    display: '34px',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  /** letter-spacing for uppercase terminal labels */
  tracking: { label: '0.08em', wide: '0.14em' },
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radii: { xs: '2px', sm: '3px', md: '4px', lg: '6px', pill: '999px' },
  shadows: {
    panel: '0 1px 0 rgba(255, 255, 255, 0.02) inset',
    popover: '0 12px 32px rgba(0, 0, 0, 0.55), 0 0 0 1px rgba(255, 255, 255, 0.03)',
    glowUp: '0 0 0 1px rgba(25, 210, 124, 0.45), 0 0 18px rgba(25, 210, 124, 0.18)',
  },
  zIndices: { header: 40, dropdown: 60, dialog: 80, toast: 100 },
  layout: { maxWidth: '1400px', headerHeight: '52px', navHeight: '38px', tickerHeight: '30px' },
  transitions: { fast: '120ms ease', base: '180ms ease' },
  breakpoints,
  media,
};

export type Theme = typeof theme;

/** The five status tones used by badges, figures and toasts. */
export type Tone = 'green' | 'red' | 'amber' | 'blue' | 'neutral';

/** Foreground, soft background and border colours of a tone. */
export function toneColors(t: Theme, tone: Tone): { fg: string; bg: string; border: string } {
  const c = t.colors;
  switch (tone) {
    case 'green':
      return { fg: c.up, bg: c.upSoft, border: c.upBorder };
    case 'red':
      return { fg: c.down, bg: c.downSoft, border: c.downBorder };
    case 'amber':
      return { fg: c.amber, bg: c.amberSoft, border: c.amberBorder };
    case 'blue':
      return { fg: c.blue, bg: c.blueSoft, border: c.blueBorder };
    default:
      return { fg: c.textMuted, bg: c.neutralSoft, border: c.neutralBorder };
  }
}
