/**
 * Editing one pick-up adult: the same fields as Add, filled from the stored record, with the stored photo shown
 * until a new one is taken (a new photo is optional). Saved as multipart with `_method: 'PATCH'`.
 */
import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { FormNotice } from './form-notice';
import { PickUpFieldsSection } from './pick-up-fields';
import { checkEditedPickUp, fieldsOf } from './pick-up-form-model';
import { usePickUpForm } from './use-pick-up-form';
import { useSavePickUp } from './use-save-pick-up';

export interface EditPickUpFormProps {
  adult: AuthorizedPickUpRecord;
  onDone: (saved: AuthorizedPickUpRecord | null) => void;
}

/** The edit form of one adult. */
export function EditPickUpForm({ adult, onDone }: EditPickUpFormProps) {
  const { t } = useTranslation('pick-ups');
  const { t: tc } = useTranslation();
  const form = usePickUpForm(fieldsOf(adult));
  const saver = useSavePickUp();

  async function submit() {
    if (form.showErrors(checkEditedPickUp(form.values, form.texts))) return;
    const result = await saver.update({ id: adult.id, fields: form.values, photo: form.photo });
    if (result.kind === 'saved') onDone(result.records[0] ?? null);
    else form.showFailure(result);
  }

  return (
    <form
      noValidate
      aria-label={t('edit.formLabel', { name: adult.full_name })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="5" maxW="2xl">
        <Heading as="h2" size="lg">
          {t('edit.formTitle', { name: adult.full_name })}
        </Heading>
        <FormNotice notice={form.notice} />
        <PickUpFieldsSection
          values={form.values}
          errors={form.errors}
          onChange={form.change}
          photo={form.photo}
          storedPhotoId={adult.photo_id}
          onPhoto={form.setPhoto}
          onPhotoError={form.photoError}
        />
        <HStack gap="3">
          <Button type="submit" colorPalette="primary" size="lg" loading={saver.busy}>
            {t('edit.submit')}
          </Button>
          <Button variant="outline" size="lg" onClick={() => onDone(null)}>
            {tc('actions.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
