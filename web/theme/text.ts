import { css } from 'styled-components';

// Looks used across screens (text, and the panel surface), as mixins for styled-components templates.

/** The uppercase terminal label over a figure or a fact: tiny, monospace, bold, tracked, dim. */
export const labelText = css`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};
`;

/** The same label, tracked wider: the term of a figure in an order ticket or a list of facts. */
export const termText = css`
  ${labelText}
  letter-spacing: ${({ theme }) => theme.tracking.wide};
`;

/** A figure in an order ticket: monospace, bold, aligned digits, in the strongest text colour. */
export const figureText = css`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textStrong};
`;

/** A contract's ticker: monospace, bold, tracked, blue. */
export const tickerText = css`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.blue};
`;

/** One line, cut with an ellipsis where it does not fit. */
export const oneLine = css`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** The panel's surface: its background, a hairline border and the medium corners. */
export const surface = css`
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** A panel's head: a row of title and actions on the darker band, ruled off from the body. */
export const panelHead = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
`;
