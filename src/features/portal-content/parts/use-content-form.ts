/**
 * The state and save of a content form: what was typed (from the record or a new one's defaults), setting a field
 * (which clears its message), check the body with the contract's create schema (the server checks with the same
 * one), send it as a create or as the record's update, then a notification and the dialog closes; a refusal shows in
 * the form, which keeps what was typed.
 */
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { addNotification } from '../../../ui/notifications';
import type { ContentFormArgs } from './content-screen';
import { useFormErrors } from './use-form-errors';

/** A form of dated content (meetings, events): its args, the school's time zone and today there. */
export interface DatedFormArgs<R, C> extends ContentFormArgs<R, C> {
  timeZone: string;
  today: string;
}

export interface ContentFormOptions<R, C, F> extends ContentFormArgs<R, C> {
  schema: z.ZodType;
  /** The notification once saved. */
  saved: (record: R) => string;
  /** What the form starts with. */
  initial: () => F;
}

/** The keys of the form whose value is typed text. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** The form's values, setters, errors and its submit handler, given how to make the body from what was typed. */
export function useContentForm<R extends { id: string }, C, F extends object>({
  schema,
  record,
  formId,
  save,
  close,
  saved,
  initial,
}: ContentFormOptions<R, C, F>) {
  const [form, setForm] = useState(initial);
  const errors = useFormErrors();
  /** Sets a value and clears the message of its field (the body's field when it differs from the form's key). */
  const set = <K extends keyof F>(key: K, value: F[K], field: string = String(key)) => {
    setForm((f) => ({ ...f, [key]: value }));
    errors.clear(field);
  };
  /** A text input's value, message and setter. */
  const bind = <K extends TextKey<F>>(key: K, field: string = String(key)) => ({
    value: form[key] as string,
    error: errors.errors[field],
    onChange: (value: string) => set(key, value as F[K], field),
  });
  const submit = (body: () => C) => (event: FormEvent) => {
    event.preventDefault();
    const made = body();
    if (!errors.check(schema, made)) return;
    save.mutate(
      { id: record?.id ?? null, body: made },
      {
        onSuccess: (result) => {
          addNotification({ type: 'success', text: saved(result) });
          close();
        },
        onError: errors.fail,
      },
    );
  };
  /** The props of the form's frame, given how to make the body. */
  const frame = (body: () => C) => ({ formId, formError: errors.formError, onSubmit: submit(body) });
  return { ...errors, form, set, bind, submit, frame };
}
