/**
 * The errors of a content form: a message under each wrong field, and one above the form (the offline text, the
 * server's words for a refusal that is not about a field, or "this form is incomplete"). The form checks with the
 * contract's own schema before sending, and the server's 422 names the same fields (nested ones dotted:
 * `sessions.0.end_time`). A field's message goes away as soon as the field is changed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../api/client';
import { type FieldErrors, toFieldErrors } from '../../../ui/form/field-errors';

export function useFormErrors() {
  const { t } = useTranslation('portal-content');
  const { t: tc } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  return {
    errors,
    formError,
    /** Checks a body with the contract's schema: true when it passes, else its messages show. */
    check<S extends z.ZodType>(schema: S, body: unknown): body is z.infer<S> {
      const result = schema.safeParse(body);
      const found = result.success ? {} : toFieldErrors(result.error, tc);
      const { _form: general, ...named } = found;
      setErrors(named);
      setFormError(result.success ? null : (general ?? tc('form.incomplete')));
      return result.success;
    },
    /** Shows the form's own finding (a field the schema cannot name, say). */
    set(found: FieldErrors) {
      setErrors(found);
      setFormError(Object.keys(found).length ? tc('form.incomplete') : null);
    },
    /** A failed save. */
    fail(error: unknown) {
      const { _form: general, ...named } = toFieldErrors(error, tc);
      setErrors(named);
      if (error instanceof ApiError && error.isOffline) setFormError(t('offline'));
      else if (error instanceof ApiError && error.status !== 422) setFormError(error.message);
      else setFormError(general ?? (Object.keys(named).length ? tc('form.incomplete') : tc('states.error')));
    },
    /** Forgets the messages of a field (and of the fields inside it) once it is changed. */
    clear(field: string) {
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([name]) => name !== field && !name.startsWith(`${field}.`))),
      );
    },
  };
}
