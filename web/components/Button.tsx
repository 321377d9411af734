import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './buttonStyles.ts';
import { Spinner } from './Spinner.tsx';

export type { ButtonSize, ButtonVariant } from './buttonStyles.ts';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  /** primary = green action, secondary = outlined, danger = red, ghost = text only (default secondary) */
  variant?: ButtonVariant;
  /** sm 28px, md 34px, lg 42px tall (default md) */
  size?: ButtonSize;
  /** request in flight: shows a spinner, sets aria-busy and disables the button */
  busy?: boolean;
  fullWidth?: boolean;
  /** icon before the text */
  icon?: ReactNode;
};

const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  fullWidth = false,
  icon,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
    >
      {busy ? <Spinner decorative size={size === 'lg' ? 14 : 12} /> : icon}
      {children}
    </StyledButton>
  );
}
