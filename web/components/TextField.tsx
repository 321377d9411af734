import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldFrame } from './FieldFrame.tsx';
import { controlStyles } from './fieldStyles.ts';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & {
  /** visible label, tied to the input with htmlFor/id (so getByLabel works) */
  label: ReactNode;
  /** error text under the input; also sets aria-invalid */
  error?: ReactNode;
  /** help text under the input */
  hint?: ReactNode;
  /** keep the label for assistive tech only */
  hideLabel?: boolean;
  /** content drawn inside the input on the right (a unit, an icon button) */
  trailing?: ReactNode;
  /** content drawn inside the input on the left (a '$' sign, an icon) */
  leading?: ReactNode;
  /** className of the outer wrapper */
  className?: string;
};

const Control = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const Input = styled.input<{ $padLeft: boolean; $padRight: boolean }>`
  ${controlStyles}
  padding-left: ${({ $padLeft }) => ($padLeft ? '30px' : '10px')};
  padding-right: ${({ $padRight }) => ($padRight ? '42px' : '10px')};
`;

const Adornment = styled.span<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 0;
  bottom: 0;
  ${({ $side }) => ($side === 'left' ? 'left: 0;' : 'right: 0;')}
  display: flex;
  align-items: center;
  padding-left: ${({ $side }) => ($side === 'left' ? '10px' : '0')};
  padding-right: ${({ $side }) => ($side === 'right' ? '4px' : '0')};
  color: ${({ theme }) => theme.colors.textDim};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  pointer-events: ${({ $side }) => ($side === 'left' ? 'none' : 'auto')};
`;

export function TextField({
  label,
  error,
  hint,
  hideLabel = false,
  trailing,
  leading,
  className,
  id,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} hideLabel={hideLabel} className={className} id={id}>
      {(control) => (
        <Control>
          {leading != null && <Adornment $side="left">{leading}</Adornment>}
          <Input
            {...inputProps}
            id={control.id}
            type={type}
            aria-invalid={Boolean(error) || inputProps['aria-invalid'] || undefined}
            aria-describedby={control.describedBy(inputProps['aria-describedby'])}
            $padLeft={leading != null}
            $padRight={trailing != null}
          />
          {trailing != null && <Adornment $side="right">{trailing}</Adornment>}
        </Control>
      )}
    </FieldFrame>
  );
}
