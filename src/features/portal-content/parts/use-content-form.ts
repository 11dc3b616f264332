/**
 * The save of a content form: check the body with the contract's create schema (the server checks with the same
 * one), send it as a create or as the record's update, then a notification and the dialog closes; a refusal shows in
 * the form, which keeps what was typed.
 */
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { addNotification } from '../../../ui/notifications';
import type { ContentSave } from './use-content-writes';
import { useFormErrors } from './use-form-errors';

export interface ContentFormOptions<R, C> {
  schema: z.ZodType;
  record: R | null;
  save: ContentSave<R, C>;
  close: () => void;
  /** The notification once saved. */
  saved: (record: R) => string;
}

/** The form's errors and its submit handler, given how to make the body from what was typed. */
export function useContentForm<R extends { id: string }, C>({
  schema,
  record,
  save,
  close,
  saved,
}: ContentFormOptions<R, C>) {
  const errors = useFormErrors();
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
  return { ...errors, submit };
}
