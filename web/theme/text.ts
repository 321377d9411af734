import { css } from 'styled-components';

// Text looks used across screens, as mixins for styled-components templates.

/** The uppercase terminal label over a figure or a fact: tiny, monospace, bold, tracked, dim. */
export const labelText = css`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};
`;
