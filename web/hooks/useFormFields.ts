import { useState } from 'react';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a typed address (spaces around it aside) has the shape of an email address. */
export function looksLikeEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** A message under each field that needs one. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormFieldsOptions = {
  /** typing in a field clears its message (the message stays until the next submit otherwise) */
  clearOnInput?: boolean;
};

/**
 * The values and messages of a form of text fields, and the props that bind one field to them:
 * `<TextField label="Email" {...field('email')} />` gets its name, value, message and change.
 * The server's field errors (a ValidationError's fieldErrors) land on the fields this form has.
 */
export function useFormFields<F extends string>(initial: Record<F, string>, { clearOnInput = false }: FormFieldsOptions = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (clearOnInput && errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
    },
  });

  /** Shows the server's messages on this form's fields (others are left to the toast); whether there were any. */
  const showServerErrors = (fieldErrors: readonly { field: string; message: string }[] | null | undefined): boolean => {
    const next: FieldErrors<F> = {};
    for (const fe of fieldErrors ?? []) if (Object.prototype.hasOwnProperty.call(initial, fe.field)) next[fe.field as F] = fe.message;
    setErrors(next);
    return Object.keys(next).length > 0;
  };

  return { values, setValues, errors, setErrors, field, showServerErrors };
}
