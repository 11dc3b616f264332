/**
 * The button of a card that starts a long piece of work on the server (a backup, an export): the error of the last
 * try above it, the button busy while the work runs (with what is happening said beside it), waiting while the device
 * is offline. The card keeps its own state and texts.
 */
import { Alert, Button, Stack, Text } from '@chakra-ui/react';

export function RunButton({
  onClick,
  busy,
  disabled,
  label,
  busyLabel,
  busyHint,
  failure,
}: {
  onClick: () => void;
  busy: boolean;
  disabled: boolean;
  label: string;
  busyLabel: string;
  busyHint: string;
  failure: string | null | undefined;
}) {
  return (
    <>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{failure}</Alert.Description>
        </Alert.Root>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }} gap="3">
        <Button
          colorPalette="primary"
          variant="outline"
          minH="10"
          onClick={onClick}
          loading={busy}
          loadingText={busyLabel}
          disabled={disabled}
        >
          {label}
        </Button>
        {busy && (
          <Text fontSize="sm" role="status">
            {busyHint}
          </Text>
        )}
      </Stack>
    </>
  );
}
