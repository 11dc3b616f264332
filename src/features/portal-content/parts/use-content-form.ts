/**
 * The state and save of a content form: what was typed (from the record or a new one's defaults), setting a field
 * (which clears its message), check the body with the contract's create schema (the server checks with the same
 * one), send it as a create or as the record's update, then a notification and the dialog closes; a refusal shows in
 * the form, which keeps what was typed.
 */
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { addNotification } from '../../../ui/notifications';
import type { ContentFormArgs } from './content-screen';
import { useFormErrors } from './use-form-errors';
import { useFormFields } from './use-form-fields';

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
  const errors = useFormErrors();
  const { form, set, bind } = useFormFields(initial, errors.errors, errors.clear);
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
