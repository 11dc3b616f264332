/**
 * The state of a pick-up adult form (Add and Edit): the fields, the new photo, the errors by field and the notice
 * above the form. A change clears that field's error and the notice; an outcome of the save turns into the notice
 * and the fields in red. Nothing typed is cleared except by `reset` after a save.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../ui/form/field-errors';
import type { PickUpFields } from '../api/pick-ups-resource';
import type { Notice } from './form-notice';
import { type CheckTexts, PICK_UP_FIELDS, type PickUpErrorField, type PickUpField } from './pick-up-form-model';
import type { SaveResult } from './use-save-pick-up';

const SHOWN: readonly PickUpErrorField[] = [...PICK_UP_FIELDS, 'scholar_ids', 'photo'];

/** Form state and the texts its checks use. */
export function usePickUpForm(initial: PickUpFields, onChange?: () => void) {
  const { t } = useTranslation('pick-ups');
  const { t: tc } = useTranslation();
  const [values, setValues] = useState<PickUpFields>(initial);
  const [photo, setPhotoState] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Partial<Record<PickUpErrorField, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);

  const texts: CheckTexts = {
    rule: (key) => t(key),
    common: (key) => tc(key),
    noScholar: t('form.errors.noScholar'),
  };

  const touched = (field: PickUpErrorField) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setNotice(null);
    onChange?.();
  };

  /** Shows field errors (from the check or the server); false when there were none. */
  function showErrors(found: FieldErrors): boolean {
    const shown = Object.fromEntries(SHOWN.filter((f) => found[f]).map((f) => [f, found[f]]));
    const other = Object.entries(found).find(
      ([f]) => !SHOWN.includes(f as PickUpErrorField) && !/^scholar_ids\./.test(f),
    );
    const scholar = Object.entries(found).find(([f]) => /^scholar_ids\./.test(f));
    if (scholar) shown.scholar_ids = scholar[1];
    if (!Object.keys(found).length) return false;
    setErrors(shown);
    setNotice({ status: 'error', text: other && !Object.keys(shown).length ? other[1] : tc('form.incomplete') });
    return true;
  }

  return {
    values,
    photo,
    errors,
    notice,
    texts,
    setNotice,
    showErrors,
    change(field: PickUpField, value: string) {
      setValues((v) => ({ ...v, [field]: value }));
      touched(field);
    },
    setPhoto(next: Blob | null) {
      setPhotoState(next);
      touched('photo');
    },
    photoError(message: string | undefined) {
      setErrors((e) => ({ ...e, photo: message }));
    },
    touchScholars() {
      touched('scholar_ids');
    },
    /** Turns a failed save into what the person sees; the fields stay as they are. */
    showFailure(result: Exclude<SaveResult, { kind: 'saved' }>) {
      if (result.kind === 'invalid') {
        if (!showErrors(result.errors)) setNotice({ status: 'error', text: result.message });
      } else if (result.kind === 'offline') setNotice({ status: 'warning', text: t('form.offline') });
      else setNotice({ status: 'error', text: result.message });
    },
    reset(next: PickUpFields) {
      setValues(next);
      setPhotoState(null);
      setErrors({});
    },
  };
}
