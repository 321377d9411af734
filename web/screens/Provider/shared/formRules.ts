// Rules the two long provider forms (due diligence, listing) share, pure so they are tested alone.

/**
 * The server's field errors as the form's messages: each error's path named as a field of the form
 * (`formFieldOf`, null for a path the form has no field for), the first message of a field kept.
 */
export function serverFieldErrors<F extends string>(
  fieldErrors: readonly { readonly field: string; readonly message: string }[] | null | undefined,
  formFieldOf: (path: string) => F | null,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const fe of fieldErrors ?? []) {
    const field = formFieldOf(fe.field);
    if (field && !errors[field]) errors[field] = fe.message;
  }
  return errors;
}

/** The messages without the one of `field`. */
export function withoutError<F extends string>(errors: Partial<Record<F, string>>, field: F): Partial<Record<F, string>> {
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

/** A list of checked items with `item` checked or not. */
export function toggled(list: readonly string[], item: string, on: boolean): string[] {
  return on ? [...list, item] : list.filter((x) => x !== item);
}
