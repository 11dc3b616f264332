/**
 * Adding or changing a duty. The values are checked with the contract's schema before anything is sent (empty
 * fields say 'This field is required.' in red, an end before the start says so); the server checks the same schema
 * and its field errors land on the same fields. Saving needs a connection: offline, the dialog says so at once, and
 * a failed save keeps everything typed. After a save the device's copy is synced, so the week follows.
 */
import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord, MessengerScheduleRecord } from '../../../contract';
import { FORM_INCOMPLETE_KEY, pickFieldErrors, toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { useCreateDuty } from '../api/create-duty';
import { dutyErrorText } from '../api/messenger-schedules';
import { useUpdateDuty } from '../api/update-duty';
import { checkDuty, DUTY_FIELDS, type DutyField, dutyValues, emptyDuty } from '../model/duty-form';
import { DutyFields } from './duty-fields';

export interface DutyFormDialogProps {
  open: boolean;
  /** The duty to change; null adds one. */
  duty: MessengerScheduleRecord | null;
  /** The day a new duty starts on. */
  weekday: number;
  scholars: readonly DemographicRecord[];
  online: boolean;
  onClose: () => void;
}

type FormProps = Omit<DutyFormDialogProps, 'open' | 'onClose'> & { onDone: () => void };

function DutyForm({ duty, weekday, scholars, online, onDone }: FormProps) {
  const { t } = useTranslation('messenger');
  const { t: tc } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState(() => (duty ? dutyValues(duty) : emptyDuty(weekday)));
  const [errors, setErrors] = useState<Partial<Record<DutyField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateDuty();
  const update = useUpdateDuty();

  const fail = (error: unknown) => {
    const fields = pickFieldErrors(toFieldErrors(error, tc), DUTY_FIELDS);
    setErrors(fields);
    setFormError(Object.keys(fields).length ? tc(FORM_INCOMPLETE_KEY) : dutyErrorText(error, t));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkDuty(values, tc);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(tc(FORM_INCOMPLETE_KEY));
      return;
    }
    setErrors({});
    const callbacks = {
      onSuccess: () => {
        addNotification({ text: duty ? t('form.saved') : t('form.created'), type: 'success' });
        onDone();
      },
      onError: fail,
    };
    if (duty) update.mutate({ id: duty.id, ...checked.data }, callbacks);
    else create.mutate(checked.data, callbacks);
  };
  const change = (field: DutyField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{duty ? t('form.editTitle') : t('form.createTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {!online && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>{t('offlineEditing')}</Alert.Description>
            </Alert.Root>
          )}
          {formError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          )}
          <form id={formId} onSubmit={submit} noValidate>
            <DutyFields values={values} errors={errors} scholars={scholars} onChange={change} />
          </form>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{tc('actions.cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" form={formId} colorPalette="primary" loading={create.isPending || update.isPending}>
          {t('form.save')}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={tc('actions.close')} />
      </Dialog.CloseTrigger>
    </>
  );
}

/** The add / edit dialog of a duty. */
export function DutyFormDialog({ open, onClose, ...props }: DutyFormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{open && <DutyForm {...props} onDone={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
