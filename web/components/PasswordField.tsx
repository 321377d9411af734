import { useState } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon.tsx';
import { TextField, type TextFieldProps } from './TextField.tsx';
import { VisuallyHidden } from './VisuallyHidden.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** start with the password shown (default false) */
  defaultVisible?: boolean;
};

const Toggle = styled.button`
  display: inline-grid;
  place-items: center;
  width: 30px;
  height: 28px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
  &:focus-visible { outline-offset: 0; }
`;

/**
 * TextField with a show/hide toggle. The toggle's name ('Show password' / 'Hide password') is its
 * (visually hidden) text rather than an aria-label, so getByLabel('Password') still finds only the input.
 */
export function PasswordField({ defaultVisible = false, autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <Toggle type="button" onClick={() => setVisible((v) => !v)} disabled={props.disabled}>
          <Icon name={visible ? 'eyeOff' : 'eye'} size={16} />
          <VisuallyHidden>{visible ? 'Hide password' : 'Show password'}</VisuallyHidden>
        </Toggle>
      }
    />
  );
}
