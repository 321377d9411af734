import { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonStyleProps = {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
};

const sizes = {
  sm: css`
    min-height: 28px;
    padding: 0 10px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    gap: 6px;
  `,
  md: css`
    min-height: 34px;
    padding: 0 14px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    gap: 8px;
  `,
  lg: css`
    min-height: 42px;
    padding: 0 20px;
    font-size: ${({ theme }) => theme.fontSizes.md};
    gap: 10px;
  `,
};

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.up};
    border-color: ${({ theme }) => theme.colors.up};
    color: ${({ theme }) => theme.colors.onUp};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.upHover};
      border-color: ${({ theme }) => theme.colors.upHover};
      box-shadow: 0 0 16px rgba(25, 210, 124, 0.25);
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.raised};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.hover};
      border-color: ${({ theme }) => theme.colors.textDim};
      color: ${({ theme }) => theme.colors.textStrong};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.downSoft};
    border-color: ${({ theme }) => theme.colors.downBorder};
    color: ${({ theme }) => theme.colors.down};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.down};
      border-color: ${({ theme }) => theme.colors.down};
      color: ${({ theme }) => theme.colors.onDown};
    }
  `,
  ghost: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.hover};
      color: ${({ theme }) => theme.colors.textStrong};
    }
  `,
};

/** Shared by Button and ButtonLink so a link can look exactly like a button. */
export const buttonStyles = css<ButtonStyleProps>`
  display: ${({ $fullWidth }) => ($fullWidth ? 'flex' : 'inline-flex')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  position: relative;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  text-decoration: none;
  white-space: nowrap;
  line-height: 1;
  user-select: none;
  cursor: pointer;
  transition:
    background ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast},
    color ${({ theme }) => theme.transitions.fast},
    box-shadow ${({ theme }) => theme.transitions.fast};

  ${({ $size }) => sizes[$size]}
  ${({ $variant }) => variants[$variant]}

  &:hover { text-decoration: none; }
  &:active:not(:disabled):not([aria-disabled='true']) { transform: translateY(1px); }

  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.42;
    cursor: not-allowed;
    box-shadow: none;
  }
  &[aria-busy='true'] { cursor: progress; opacity: 0.75; }
`;
