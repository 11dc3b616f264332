/**
 * What a form holds while it is typed into: setting a field clears its message (the body's field when it differs from
 * the form's key), and a text input gets its value, message and setter in one.
 */
import { useState } from 'react';
import type { FieldErrors } from '../../../ui/form/field-errors';

/** The keys of the form whose value is typed text. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** The values, a setter and the text inputs' bindings, given the form's messages and how to clear one. */
export function useFormFields<F extends object>(
  initial: F | (() => F),
  errors: FieldErrors,
  clear: (field: string) => void,
) {
  const [form, setForm] = useState(initial);
  const set = <K extends keyof F>(key: K, value: F[K], field: string = String(key)) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(field);
  };
  const bind = <K extends TextKey<F>>(key: K, field: string = String(key)) => ({
    value: form[key] as string,
    error: errors[field],
    onChange: (value: string) => set(key, value as F[K], field),
  });
  return { form, set, bind };
}
