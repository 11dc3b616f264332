/** The message above a pick-up form: saved (a status) or what went wrong (an alert). */
import { Alert } from '@chakra-ui/react';

export type Notice = { status: 'success' | 'error' | 'warning'; text: string } | null;

/** The notice, if any. */
export function FormNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <Alert.Root status={notice.status} role={notice.status === 'success' ? 'status' : 'alert'}>
      <Alert.Indicator />
      <Alert.Description>{notice.text}</Alert.Description>
    </Alert.Root>
  );
}
