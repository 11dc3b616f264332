/**
 * Leaving station mode: the PIN of the staff member who started the station (checked by the server,
 * or on the device when offline), or a staff member signing in, which leaves the device signed in as them. A child
 * who opens this finds nothing to do without a PIN or a staff password; wrong PINs are limited.
 */
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { LoginResponse } from '../../contract';
import { checkStationPin, loginWithPassword } from '../../features/auth/api/auth-api';
import { LoginForm } from '../../features/auth/login-form';
import { session } from '../../features/auth/session-instance';
import { DialogShell } from '../../ui/dialog-shell';
import { checkPin } from './pin-check';
import { PinInput } from './pin-input';
import { stationStore } from './station-store';

/** Ends station mode on this device: the store, fullscreen, and back to the kiosk home. */
export function useLeaveStation() {
  const navigate = useNavigate();
  return () => {
    stationStore.leave();
    if (document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined);
    navigate('/', { replace: true });
  };
}

/** The dialog; `onClose` when the person stays in station mode. */
export default function LeaveStationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const leave = useLeaveStation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [withSignIn, setWithSignIn] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pin.trim()) {
      setError(t('stations.pinRequired'));
      return;
    }
    setBusy(true);
    const outcome = await checkPin(pin.trim(), { store: stationStore, checkOnServer: checkStationPin });
    setBusy(false);
    if (outcome.ok) return leave();
    setPin('');
    setError(
      outcome.reason === 'wrong'
        ? t('stations.pinWrong')
        : outcome.waitSeconds
          ? t('stations.pinWaitSeconds', { count: outcome.waitSeconds })
          : t('stations.pinWait'),
    );
  };
  const signedIn = (result: LoginResponse) => {
    if (result.user.type !== 'staff') {
      setError(t('stations.staffOnly'));
      return;
    }
    session.signIn(result.token, result.user);
    leave();
  };

  return (
    <DialogShell
      open
      title={t('stations.leaveTitle')}
      onClose={onClose}
      footer={
        <Button variant="outline" minH="11" onClick={onClose}>
          {t('stations.stay')}
        </Button>
      }
    >
      <Stack gap="4">
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {withSignIn ? (
          <LoginForm submit={loginWithPassword} onSignedIn={signedIn} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="4">
              <Text>{t('stations.leaveBody')}</Text>
              <PinInput label={t('stations.pin')} value={pin} onChange={setPin} size="lg" />
              <Button type="submit" size="lg" loading={busy}>
                {t('stations.leave')}
              </Button>
            </Stack>
          </form>
        )}
        <Button
          variant="ghost"
          minH="11"
          onClick={() => {
            setError(null);
            setWithSignIn(!withSignIn);
          }}
        >
          {withSignIn ? t('stations.usePin') : t('stations.useSignIn')}
        </Button>
      </Stack>
    </DialogShell>
  );
}
