/**
 * Deleting a duty, after saying which one (who, when, where). Needs a connection like every edit of the schedule;
 * on failure the dialog stays open with the reason.
 */
import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MessengerScheduleRecord } from '../../../contract';
import { addNotification } from '../../../ui/notifications';
import { useDeleteDuty } from '../api/delete-duty';
import { dutyErrorText } from '../api/messenger-schedules';
import { formatClock, weekdayName } from '../model/week';

export interface DeleteDutyDialogProps {
  /** The duty to delete; null when closed. */
  duty: MessengerScheduleRecord | null;
  scholarName: string;
  onClose: () => void;
}

/** The confirmation dialog. */
export function DeleteDutyDialog({ duty, scholarName, onClose }: DeleteDutyDialogProps) {
  const { t, i18n } = useTranslation('messenger');
  const { t: tc } = useTranslation();
  const remove = useDeleteDuty();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!duty) return;
    remove.mutate(duty.id, {
      onSuccess: () => {
        addNotification({ text: t('remove.deleted'), type: 'success' });
        close();
      },
    });
  };
  const time = duty
    ? t('timeRange', {
        start: formatClock(duty.start_time, i18n.language),
        end: formatClock(duty.end_time, i18n.language),
      })
    : '';
  return (
    <Dialog.Root
      role="alertdialog"
      open={duty !== null}
      onOpenChange={(details) => !details.open && close()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('remove.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {duty && (
                  <Text>
                    {t('remove.summary', {
                      name: scholarName,
                      day: weekdayName(duty.weekday, i18n.language),
                      time,
                      post: duty.post,
                    })}
                  </Text>
                )}
                {remove.isError && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Description>{dutyErrorText(remove.error, t)}</Alert.Description>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {tc('actions.cancel')}
              </Button>
              <Button colorPalette="red" loading={remove.isPending} onClick={confirm}>
                {t('remove.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
