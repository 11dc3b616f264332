/**
 * The errors of one of the section's forms: a message under each wrong field, and one above the form: the server's
 * own words for a conflict (an overlap, written for people), the offline text, or "this form is incomplete". A
 * field's message goes away as soon as the field is changed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { toFieldErrors } from '../form/field-errors';

export function useFormErrors() {
  const { t: ts } = useTranslation('timesheet-schedule');
  const { t: tc } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  return {
    errors,
    formError,
    /** The form's own checks: the fields' messages, and "incomplete" above when there are any. */
    check(found: Record<string, string>): boolean {
      setErrors(found);
      const ok = Object.keys(found).length === 0;
      setFormError(ok ? null : tc('form.incomplete'));
      return ok;
    },
    /** A failed save. */
    fail(error: unknown) {
      const { _form: general, ...named } = toFieldErrors(error, tc);
      setErrors(named);
      if (error instanceof ApiError && error.isOffline) setFormError(ts('offline'));
      else if (error instanceof ApiError && error.status === 409) setFormError(error.message);
      else setFormError(general ?? (Object.keys(named).length ? tc('form.incomplete') : tc('states.error')));
    },
    /** Forgets a field's message once it is changed. */
    clear(field: string) {
      setErrors(({ [field]: _fixed, ...rest }) => rest);
    },
  };
}

/** A failed call in words: the section's offline text, or the server's message; null for no error. */
export function useErrorText() {
  const { t: ts } = useTranslation('timesheet-schedule');
  return (error: unknown): string | null => {
    if (error == null) return null;
    if (error instanceof ApiError && error.isOffline) return ts('offline');
    return error instanceof Error ? error.message : String(error);
  };
}
