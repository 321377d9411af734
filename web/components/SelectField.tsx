import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldFrame } from './FieldFrame.tsx';
import { controlStyles } from './fieldStyles.ts';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: ReactNode;
  /** options; or pass <option> children instead */
  options?: SelectOption[];
  /** a first empty option, e.g. 'Select a category' */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** className of the outer wrapper */
  className?: string;
};

const Control = styled.div`
  position: relative;

  &::after {
    content: '';
    position: absolute;
    right: 12px;
    top: 50%;
    width: 6px;
    height: 6px;
    margin-top: -5px;
    border-right: 1.5px solid ${({ theme }) => theme.colors.textMuted};
    border-bottom: 1.5px solid ${({ theme }) => theme.colors.textMuted};
    transform: rotate(45deg);
    pointer-events: none;
  }
`;

const Select = styled.select`
  ${controlStyles}
  appearance: none;
  padding-right: 32px;
  cursor: pointer;

  option {
    background: ${({ theme }) => theme.colors.panelAlt};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Labelled native <select> with the field look. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  hideLabel = false,
  className,
  id,
  children,
  ...props
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} hideLabel={hideLabel} className={className} id={id}>
      {(control) => (
        <Control>
          <Select
            {...props}
            id={control.id}
            aria-invalid={Boolean(error) || props['aria-invalid'] || undefined}
            aria-describedby={control.describedBy(props['aria-describedby'])}
          >
            {placeholder != null && <option value="">{placeholder}</option>}
            {options?.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
            {children}
          </Select>
        </Control>
      )}
    </FieldFrame>
  );
}
