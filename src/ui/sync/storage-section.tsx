/**
 * The panel's storage part, in sentences a cafeteria manager acts on: how much room the device has (and, when it is
 * almost full, what to do), and whether the entries waiting here are safe. Without the browser's promise to keep the
 * data, a browser short of space may evict the app's IndexedDB, entries not yet sent included, so the panel says so
 * with how many are at stake and offers to ask again (browsers often grant it later, for instance once the app is
 * installed).
 */
import { Button, Progress, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSection } from './panel-section';
import type { StorageEstimate, SyncSource } from './sync-source';
import { STORAGE_ALMOST_FULL, storageUsageText } from './sync-texts';

/** Storage used and quota, with a bar, and persistence with a button to request it. */
export function StorageSection({
  source,
}: {
  source: Pick<SyncSource, 'storageEstimate' | 'requestPersistence' | 'useSyncStatus'>;
}) {
  const { t, i18n } = useTranslation('sync');
  const { waiting } = source.useSyncStatus();
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  const [isRefused, setRefused] = useState(false);
  const [isAsking, setAsking] = useState(false);
  const { storageEstimate, requestPersistence } = source;

  const refresh = useCallback(() => storageEstimate().then(setEstimate), [storageEstimate]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const ask = async () => {
    setAsking(true);
    try {
      setRefused(!(await requestPersistence()));
      await refresh();
    } finally {
      setAsking(false);
    }
  };

  const title = t('panel.storage.heading');
  if (!estimate) {
    return (
      <PanelSection title={title}>
        <Text color="fg.muted">{t('panel.loading')}</Text>
      </PanelSection>
    );
  }
  const { usage, quota, persisted } = estimate;
  return (
    <PanelSection title={title}>
      {usage !== null && quota !== null && quota > 0 ? (
        <Progress.Root
          value={Math.min(usage, quota)}
          max={quota}
          translations={{ value: () => t('panel.storage.usageLabel') }}
          size="sm"
          colorPalette={usage >= quota * STORAGE_ALMOST_FULL ? 'orange' : undefined}
        >
          <Progress.Label mb="1" fontWeight="normal">
            {storageUsageText(t, usage, quota, i18n.resolvedLanguage ?? i18n.language)}
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : (
        <Text>{t('panel.storage.unknown')}</Text>
      )}
      <Text>
        {waiting > 0
          ? t(persisted ? 'panel.storage.persisted' : 'panel.storage.notPersisted', { count: waiting })
          : t(persisted ? 'panel.storage.persistedNone' : 'panel.storage.notPersistedNone')}
      </Text>
      {!persisted && (
        <Button alignSelf="start" variant="outline" loading={isAsking} onClick={ask}>
          {t('panel.storage.request')}
        </Button>
      )}
      {!persisted && isRefused && <Text color="fg.muted">{t('panel.storage.refused')}</Text>}
    </PanelSection>
  );
}
