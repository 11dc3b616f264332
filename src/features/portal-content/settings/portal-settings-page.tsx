/**
 * Portal Settings (/portal-content/settings): what the school puts before "Scholar Resources", the
 * calendar's first weekday, the technical-help contact on the sign-in screens, and which of the portal's entries are
 * shown (an entry unticked is switched off and absent from the portal's navigation).
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../ui/data/query-state';
import { fetchPortalSettings, portalSettingsKey } from '../api/portal-content-api';
import { SettingsForm } from './settings-form';

export interface PortalSettingsPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function PortalSettingsPage({ permissions }: PortalSettingsPageProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'settings' });
  const { t: tp } = useTranslation('portal-content');
  const { t: tc } = useTranslation();
  const settings = useQuery({ queryKey: portalSettingsKey, queryFn: ({ signal }) => fetchPortalSettings(signal) });
  return (
    <Stack gap="5" maxW="2xl" minW="0">
      <Heading as="h1" size="xl">
        {tc('sections.portalSettings')}
      </Heading>
      <Text>{t('intro')}</Text>
      <QueryState query={settings} isEmpty={false} emptyText="" offlineText={tp('offline')}>
        {settings.data && (
          <SettingsForm
            // Made afresh when the saved settings change, so the form starts from what the server holds.
            key={JSON.stringify(settings.data)}
            settings={settings.data}
            canSave={permissions.includes('portal_content-update')}
          />
        )}
      </QueryState>
    </Stack>
  );
}
