/**
 * The states of the schedule screen besides the week (STYLE.md, "Errors and states"): reading the device, waiting
 * for the first download, offline before any download, and a failure to read the device's database (an error
 * boundary, since the live queries throw while rendering).
 */
import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A spinner with what is being waited for. */
export function Waiting({ text }: { text: string }) {
  return (
    <HStack role="status" gap="3" py="10" justify="center">
      <Spinner size="lg" />
      <Text fontSize="xl">{text}</Text>
    </HStack>
  );
}

/** A one-line alert. */
export function Notice({ status, text }: { status: 'info' | 'warning' | 'error'; text: string }) {
  return (
    <Alert.Root status={status}>
      <Alert.Indicator />
      <Alert.Description>{text}</Alert.Description>
    </Alert.Root>
  );
}

function ReadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('messenger');
  const { t: tc } = useTranslation();
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Description>{t('readError')}</Alert.Description>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {tc('states.retry')}
      </Button>
    </Alert.Root>
  );
}

/** Catches a failure to read the device's database and offers to try again. */
export class ScheduleBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <ReadError onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
