/**
 * The device panel, a drawer from the end side opened by the sync indicator: what waits to be sent,
 * what needs a person (retry, correct, discard, export), how much the device stores and whether the browser keeps it,
 * and the app's version, update and "sync now". Loaded the first time it opens: its lists, forms and dialogs are
 * nothing a station needs before then.
 */
import { CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppSection } from './app-section';
import { AttentionSection } from './attention-section';
import { StorageSection } from './storage-section';
import type { AppInfo, SyncSource } from './sync-source';
import { WaitingSection } from './waiting-section';

export interface DevicePanelProps {
  source: SyncSource;
  app: AppInfo;
  open: boolean;
  onClose: () => void;
}

/** The drawer with the device's sync, storage and app details. */
export function DevicePanel({ source, app, open, onClose }: DevicePanelProps) {
  const { t } = useTranslation('sync');
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="end"
      size="md"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('panel.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="8" pb="6">
                <WaitingSection source={source} />
                <AttentionSection source={source} />
                <StorageSection source={source} />
                <AppSection source={source} app={app} />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('panel.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
