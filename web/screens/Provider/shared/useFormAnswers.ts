import { useRef, useState, type ReactNode } from 'react';
import { withoutError } from './formRules.ts';

/** The props a TextField, TextAreaField or SelectField takes for one answer. */
export type TextAnswerProps<K extends string> = {
  name: K;
  value: string;
  error: ReactNode;
  onChange: (e: { target: { value: string } }) => void;
};

/**
 * What a long form hands each of its sections: the answers (V), the messages of its fields (F, which
 * may name more than the answers, e.g. an uploaded file) and two ways to change the answers; K are
 * the answers typed as text.
 */
export type FormSectionProps<V, K extends keyof V & string, F extends string = keyof V & string> = {
  values: V;
  errors: Partial<Record<F, string>>;
  /** the props of a text answer's field */
  text: (key: K) => TextAnswerProps<K>;
  /** records a change of any answer */
  update: (next: V, changed: F) => void;
};

/**
 * The answers of a long form and their messages. Before the first submit a message goes away once
 * its answer changes; after it (`attempted`), every change checks the answers again (`validate`).
 */
export function useFormAnswers<V extends object, F extends string>(
  initial: () => V,
  validate: (values: V) => Partial<Record<F, string>>,
  /** called with each changed answer, after it is recorded */
  onAnswer?: (changed: F) => void,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [attempted, setAttempted] = useState(false);

  function update(next: V, changed: F) {
    setValues(next);
    onAnswer?.(changed);
    if (attempted) setErrors(validate(next));
    else if (errors[changed]) setErrors((current) => withoutError(current, changed));
  }

  function text<K extends F & keyof V>(key: K): TextAnswerProps<K> {
    return {
      name: key,
      value: values[key] as string,
      error: errors[key],
      onChange: (e) => update({ ...values, [key]: e.target.value }, key),
    };
  }

  /** Brings the first field with a message into view and focus (after the messages are drawn). */
  function focusFirstError() {
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
      el?.scrollIntoView({ block: 'center' });
      el?.focus({ preventScroll: true });
    });
  }

  /** A submit: checks every answer and shows every message; true when all is well. */
  function check(): boolean {
    setAttempted(true);
    const found = validate(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  return { formRef, values, setValues, errors, setErrors, attempted, update, text, focusFirstError, check };
}
