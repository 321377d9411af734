import { useId, type ReactNode } from 'react';
import { VisuallyHidden } from './VisuallyHidden.tsx';
import { describedBy, FieldError, FieldHint, FieldLabel, FieldWrapper } from './fieldStyles.ts';

/** What a field's control is given: its id, and the ids of the texts that describe it. */
export type FieldControl = {
  id: string;
  /** aria-describedby: the control's own ids first, then the hint and the error */
  describedBy: (own: string | undefined) => string | undefined;
};

export type FieldFrameProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** keep the label for assistive tech only */
  hideLabel?: boolean;
  /** className of the outer wrapper */
  className?: string;
  /** the control's id (one is made when absent) */
  id?: string;
  /** draws the control */
  children: (control: FieldControl) => ReactNode;
};

/** A field's label, its control, hint and error, tied together by ids (TextField, TextAreaField, SelectField). */
export function FieldFrame({ label, hint, error, hideLabel = false, className, id, children }: FieldFrameProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <FieldWrapper className={className}>
      {hideLabel ? (
        <VisuallyHidden as="label" htmlFor={controlId}>
          {label}
        </VisuallyHidden>
      ) : (
        <FieldLabel htmlFor={controlId}>{label}</FieldLabel>
      )}
      {children({ id: controlId, describedBy: (own) => describedBy(own, hintId, errorId) })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </FieldWrapper>
  );
}
