/**
 * The camera scanner as screens use it: its code (and the decoder's) loads when the camera is first shown, so no
 * screen's first load pays for it (DESIGN section 8). Until then, and if that code cannot be loaded (offline before
 * the service worker has it), the place of the camera says so.
 */
import { Alert, HStack, Spinner, Text } from '@chakra-ui/react';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraScannerProps } from './camera-scanner';

export type { CameraScannerProps } from './camera-scanner';

const CameraScannerView = lazy(() => import('./camera-scanner'));

function Loading() {
  const { t } = useTranslation('scanner');
  return (
    <HStack role="status" justify="center" gap="3" minH="56">
      <Spinner />
      <Text>{t('starting')}</Text>
    </HStack>
  );
}

function LoadFailed() {
  const { t } = useTranslation('scanner');
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Description>{t('loadFailed')}</Alert.Description>
    </Alert.Root>
  );
}

class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/** A live camera reading badge QR codes; see ./camera-scanner for what it does. */
export function CameraScanner(props: CameraScannerProps) {
  return (
    <LoadBoundary>
      <Suspense fallback={<Loading />}>
        <CameraScannerView {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
