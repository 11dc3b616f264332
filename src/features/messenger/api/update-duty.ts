/** `POST v2/messenger_schedules/{id}` with `_method: 'PATCH'`: a changed duty; the device's copy is synced after. */
import { useMutation } from '@tanstack/react-query';
import { useMessengerStation } from '../station/station';
import { type DutyUpdateInput, dutiesResource } from './messenger-schedules';

/** Changes a duty. */
export function useUpdateDuty() {
  const { syncNow } = useMessengerStation();
  return useMutation({
    mutationFn: ({ id, ...body }: DutyUpdateInput & { id: string }) => dutiesResource.update(id, body),
    onSuccess: () => void syncNow(),
  });
}
