import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './buttonStyles.ts';

export type ButtonLinkProps = ComponentPropsWithRef<typeof Link> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  icon?: ReactNode;
};

const StyledLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A react-router Link that looks like a Button (ENTER THE PIT, PREVIEW, BUY, ...). */
export function ButtonLink({ variant = 'secondary', size = 'md', fullWidth = false, icon, children, ...rest }: ButtonLinkProps) {
  return (
    <StyledLink {...rest} $variant={variant} $size={size} $fullWidth={fullWidth}>
      {icon}
      {children}
    </StyledLink>
  );
}
