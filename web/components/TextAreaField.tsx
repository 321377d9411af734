import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldFrame } from './FieldFrame.tsx';
import { controlStyles } from './fieldStyles.ts';

export type TextAreaFieldProps = ComponentPropsWithRef<'textarea'> & {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** className of the outer wrapper */
  className?: string;
};

const Area = styled.textarea`
  ${controlStyles}
  min-height: 88px;
  font-family: ${({ theme }) => theme.fonts.sans};
`;

/** Labelled textarea with hint and error, same look as TextField. */
export function TextAreaField({ label, error, hint, hideLabel = false, className, id, rows = 4, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} hideLabel={hideLabel} className={className} id={id}>
      {(control) => (
        <Area
          {...props}
          id={control.id}
          rows={rows}
          aria-invalid={Boolean(error) || props['aria-invalid'] || undefined}
          aria-describedby={control.describedBy(props['aria-describedby'])}
        />
      )}
    </FieldFrame>
  );
}
