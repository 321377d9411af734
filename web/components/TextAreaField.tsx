import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden.tsx';
import { controlStyles, describedBy, FieldError, FieldHint, FieldLabel, FieldWrapper } from './fieldStyles.ts';

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
  const autoId = useId();
  const areaId = id ?? `field-${autoId}`;
  const hintId = hint ? `${areaId}-hint` : undefined;
  const errorId = error ? `${areaId}-error` : undefined;
  return (
    <FieldWrapper className={className}>
      {hideLabel ? (
        <VisuallyHidden as="label" htmlFor={areaId}>
          {label}
        </VisuallyHidden>
      ) : (
        <FieldLabel htmlFor={areaId}>{label}</FieldLabel>
      )}
      <Area
        {...props}
        id={areaId}
        rows={rows}
        aria-invalid={Boolean(error) || props['aria-invalid'] || undefined}
        aria-describedby={describedBy(props['aria-describedby'], hintId, errorId)}
      />
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </FieldWrapper>
  );
}
