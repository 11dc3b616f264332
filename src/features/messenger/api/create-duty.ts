/** `POST v2/messenger_schedules`: a new duty; the device's copy of the schedule is synced right after. */
import { useMutation } from '@tanstack/react-query';
import { useMessengerStation } from '../station/station';
import { type DutyCreateInput, dutiesResource } from './messenger-schedules';

/** Creates a duty. */
export function useCreateDuty() {
  const { syncNow } = useMessengerStation();
  return useMutation({
    mutationFn: (body: DutyCreateInput) => dutiesResource.create(body),
    onSuccess: () => void syncNow(),
  });
}
