/** `DELETE v2/messenger_schedules/{id}`: a duty removed; the device's copy is synced after. */
import { useMutation } from '@tanstack/react-query';
import { useMessengerStation } from '../station/station';
import { dutiesResource } from './messenger-schedules';

/** Deletes a duty. */
export function useDeleteDuty() {
  const { syncNow } = useMessengerStation();
  return useMutation({
    mutationFn: (id: string) => dutiesResource.remove(id),
    onSuccess: () => void syncNow(),
  });
}
