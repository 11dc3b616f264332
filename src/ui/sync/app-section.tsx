/**
 * The panel's app part: which version this is (the server's, from `GET v2/config`: the app and the server are
 * deployed together), whether a newer one waits to take over (kiosks never reload by themselves), and "Sync now" for
 * a person who does not want to wait for the next automatic round, with the last failure if there was one.
 */
import { Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSection } from './panel-section';
import type { AppInfo, SyncSource } from './sync-source';
import { problemText } from './sync-texts';

type VersionState = { status: 'loading' } | { status: 'known'; version: string } | { status: 'unknown' };

/** Version, update and "Sync now". */
export function AppSection({
  source,
  app,
}: {
  source: Pick<SyncSource, 'useSyncStatus' | 'syncEngine'>;
  app: AppInfo;
}) {
  const { t } = useTranslation('sync');
  const status = source.useSyncStatus();
  const [version, setVersion] = useState<VersionState>({ status: 'loading' });
  const { loadVersion } = app;

  useEffect(() => {
    let isMounted = true;
    loadVersion().then(
      (known) => isMounted && setVersion({ status: 'known', version: known }),
      () => isMounted && setVersion({ status: 'unknown' }),
    );
    return () => {
      isMounted = false;
    };
  }, [loadVersion]);

  return (
    <PanelSection title={t('panel.app.heading')}>
      <Text>
        {version.status === 'known'
          ? t('panel.app.version', { version: version.version })
          : version.status === 'unknown'
            ? t('panel.app.versionUnknown')
            : t('panel.loading')}
      </Text>
      <Flex align="center" gap="3" wrap="wrap">
        <Text>{app.updateAvailable ? t('panel.app.updateAvailable') : t('panel.app.upToDate')}</Text>
        {app.updateAvailable && <Button onClick={app.applyUpdate}>{t('panel.app.update')}</Button>}
      </Flex>
      <Flex align="center" gap="3" wrap="wrap">
        <Button
          variant="outline"
          loading={status.sending}
          disabled={!status.online}
          onClick={() => void source.syncEngine.syncNow()}
        >
          {t('panel.app.syncNow')}
        </Button>
        {!status.online && <Text color="fg.muted">{t('panel.app.syncOffline')}</Text>}
      </Flex>
      {status.lastError && (
        <Text color="fg.error">{t('panel.app.lastError', { problem: problemText(t, status.lastError) })}</Text>
      )}
    </PanelSection>
  );
}
