/**
 * The banner under the app bar when sending stopped on a 401 (DESIGN section 5: "pause, keep everything, ask for
 * sign-in"). It says how many entries wait on this device and offers the way back: the app decides what "sign in
 * again" means (it remembers the current page as the return URL and opens /login). Shown as an alert: a station must
 * not keep recording for long without knowing that nothing leaves the device.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SyncSource } from './sync-source';

export interface UnauthorizedBannerProps {
  source: Pick<SyncSource, 'useSyncStatus'>;
  onSignIn: () => void;
}

/** Renders nothing unless sending is paused for a new sign-in. */
export function UnauthorizedBanner({ source, onSignIn }: UnauthorizedBannerProps) {
  const { t } = useTranslation('sync');
  const { paused, waiting } = source.useSyncStatus();
  if (paused !== 'unauthorized') return null;
  return (
    <Alert.Root role="alert" status="warning" borderRadius="0" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('banner.title')}</Alert.Title>
        <Alert.Description>
          {waiting > 0 ? t('banner.body', { count: waiting }) : t('banner.bodyNone')}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" colorPalette="orange" onClick={onSignIn}>
        {t('banner.signIn')}
      </Button>
    </Alert.Root>
  );
}
