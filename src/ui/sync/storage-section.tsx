/**
 * The panel's storage part: how much this device stores and may store, and whether the browser promised to keep it.
 * Without that promise a browser short of space may evict the app's IndexedDB, entries not yet sent included, so the
 * panel says so and offers to ask again (browsers often grant it later, for instance once the app is installed).
 */
import { Button, Progress, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSection } from './panel-section';
import type { StorageEstimate, SyncSource } from './sync-source';
import { megabytes } from './sync-texts';

/** Storage used and quota, with a bar, and persistence with a button to request it. */
export function StorageSection({ source }: { source: Pick<SyncSource, 'storageEstimate' | 'requestPersistence'> }) {
  const { t, i18n } = useTranslation('sync');
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
        >
          <Progress.Label mb="1" fontWeight="normal">
            {t('panel.storage.used', { used: megabytes(usage, i18n.language), quota: megabytes(quota, i18n.language) })}
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : (
        <Text>{t('panel.storage.unknown')}</Text>
      )}
      <Text>{persisted ? t('panel.storage.persisted') : t('panel.storage.notPersisted')}</Text>
      {!persisted && (
        <Button alignSelf="start" variant="outline" loading={isAsking} onClick={ask}>
          {t('panel.storage.request')}
        </Button>
      )}
      {!persisted && isRefused && <Text color="fg.muted">{t('panel.storage.refused')}</Text>}
    </PanelSection>
  );
}
