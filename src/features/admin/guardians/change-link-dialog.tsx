/**
 * Changes a link: the relationship and whether the guardian may pick up. A refused save keeps the choice on screen
 * with the reason (a field's own under it).
 */
import { Button } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardianshipRecord } from '../../../contract/guardians';
import { DialogShell } from '../../../ui/dialog-shell';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useUpdateGuardianship } from './api/save-guardianship';
import { guardiansErrorText } from './error-text';
import { LinkFields, type LinkValues, NEW_LINK } from './link-fields';

/** The dialog, open while `link` is set. */
export function ChangeLinkDialog({ link, onClose }: { link: GuardianshipRecord | null; onClose: () => void }) {
  const { t } = useTranslation('guardians');
  const { t: tc } = useTranslation();
  const [value, setValue] = useState<LinkValues>(NEW_LINK);
  const update = useUpdateGuardianship();
  useEffect(() => {
    if (link) setValue({ relationship: link.relationship, may_pick_up: link.may_pick_up });
  }, [link]);
  const close = () => {
    update.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!link) return;
    update.mutate(
      { id: link.id, body: value },
      {
        onSuccess: () => {
          addNotification({ type: 'success', text: t('links.changed') });
          close();
        },
      },
    );
  };
  const errors = update.isError ? toFieldErrors(update.error) : {};
  return (
    <DialogShell
      open={link !== null}
      title={link ? t('links.changeTitle', { guardian: link.guardian_name, scholar: link.scholar_name }) : ''}
      onClose={close}
      wrap={(content) => (
        <form onSubmit={submit} noValidate>
          {content}
        </form>
      )}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" colorPalette="primary" loading={update.isPending}>
            {tc('actions.save')}
          </Button>
        </>
      }
    >
      <FormAlert text={update.isError && !Object.keys(errors).length ? guardiansErrorText(update.error, t) : null} />
      <LinkFields value={value} onChange={setValue} errors={errors} />
    </DialogShell>
  );
}
