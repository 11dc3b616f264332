/**
 * The dialog that starts station mode from the kiosk home (see start-station.tsx): the PIN typed (or chosen, the
 * first time), checked by the server when it answers, then the device becomes the station. Its own chunk, loaded when
 * a station is chosen: the dialog, the PIN fields and their form code are not what the kiosk home needs to be usable
 * (the kiosk home after sign-in, 170 kB gzip).
 */
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { checkStationPin, setStationPin } from '../../features/auth/api/auth-api';
import { useSession } from '../../features/auth/session-instance';
import { DialogShell } from '../../ui/dialog-shell';
import { PinInput } from './pin-input';
import { makeVerifier } from './pin-verifier';
import { stationStore } from './station-store';
import type { StationDef } from './stations';

const PIN_PATTERN = /^\d{4,8}$/;

/** The PIN dialog for `station`; `onClose` when cancelled. */
export default function StartDialog({ station, onClose }: { station: StationDef; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const firstPin = !user?.has_station_pin;
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; again?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const title = t(station.title as 'appName');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setErrors({ pin: t('stations.pinFormat') });
    if (firstPin && again !== pin) return setErrors({ again: t('stations.pinMismatch') });
    setErrors({});
    setBusy(true);
    try {
      await (firstPin ? setStationPin(pin) : checkStationPin(pin));
    } catch (error) {
      const offline = error instanceof ApiError && error.isOffline;
      if (!(offline && !firstPin)) {
        setBusy(false);
        if (offline) return setErrors({ form: t('stations.firstPinOnline') });
        if (error instanceof ApiError && error.status === 422) return setErrors({ pin: t('stations.pinWrong') });
        if (error instanceof ApiError && error.status === 429) return setErrors({ form: t('stations.pinWait') });
        return setErrors({ form: t('stations.startFailed') });
      }
    }
    stationStore.start({ kind: station.kind, user_id: user?.id ?? '', verifier: await makeVerifier(pin) });
    setBusy(false);
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    navigate(station.pages[0]?.path ?? '/', { replace: true });
  };

  return (
    <DialogShell
      open
      title={t('stations.startTitle', { station: title })}
      onClose={onClose}
      wrap={(content) => (
        // No box of its own: the dialog's body scrolls between its title and its buttons.
        <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
          {content}
        </form>
      )}
      footer={
        <>
          <Button variant="outline" minH="11" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" minH="11" loading={busy}>
            {t('stations.start')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{t('stations.startBody')}</Text>
        {errors.form && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errors.form}</Alert.Title>
          </Alert.Root>
        )}
        <PinInput
          label={firstPin ? t('stations.choosePin') : t('stations.pin')}
          value={pin}
          onChange={setPin}
          error={errors.pin}
          help={firstPin ? t('stations.pinHelp') : undefined}
        />
        {firstPin && <PinInput label={t('stations.pinAgain')} value={again} onChange={setAgain} error={errors.again} />}
      </Stack>
    </DialogShell>
  );
}
