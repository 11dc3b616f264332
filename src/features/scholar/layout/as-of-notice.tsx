/**
 * "As of": when a portal screen shows the device's copy of an answer (the phone is offline or the
 * server cannot be reached), it says so, with when that copy was fetched. Every portal screen puts it above its data.
 */
import { Alert } from '@chakra-ui/react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../ui/intl-format';
import { PortalContext } from '../portal-context';
import { useLocale } from './portal-format';

export interface AsOfNoticeProps {
  /** Epoch ms when the server gave the answer. */
  fetchedAt: number | undefined;
  /** True when the answer shown is the device's copy. */
  fromDevice: boolean | undefined;
}

/** The notice, or nothing when the answer is fresh from the server. */
export function AsOfNotice({ fetchedAt, fromDevice }: AsOfNoticeProps) {
  const { t } = useTranslation('portal');
  const locale = useLocale();
  // On the school's clock like every other time on the portal's screens (the device's outside the portal).
  const timeZone = useContext(PortalContext)?.timeZone;
  if (!fromDevice || fetchedAt === undefined) return null;
  const when = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(fetchedAt);
  return (
    <Alert.Root status="warning" size="sm" role="status">
      <Alert.Indicator />
      <Alert.Description>{t('layout.asOf', { when })}</Alert.Description>
    </Alert.Root>
  );
}
