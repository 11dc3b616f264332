/**
 * A station's camera option: a button that opens the camera scanner above the screen and closes it again. The
 * choice is remembered on the device (a kiosk tablet facing the entrance keeps its camera on after a reload), and the
 * camera stays open from one person to the next while the station's screens change below it.
 */
import { Button, Stack } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from './camera-scanner-lazy';

export interface CameraPanelProps {
  /** Where the open/closed choice is kept on the device (one key per station). */
  storageKey: string;
  onCode(code: string): void;
  /** While true, codes read are not reported (a step that must not be interrupted is on screen). */
  paused?: boolean;
}

function readChoice(key: string): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === 'open';
  } catch {
    return false;
  }
}

function keepChoice(key: string, open: boolean): void {
  try {
    if (open) globalThis.localStorage?.setItem(key, 'open');
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the page is closed.
  }
}

export const CameraPanel = memo(function CameraPanel({ storageKey, onCode, paused }: CameraPanelProps) {
  const { t } = useTranslation('scanner');
  const [open, setOpen] = useState(() => readChoice(storageKey));
  const toggle = () => {
    setOpen(!open);
    keepChoice(storageKey, !open);
  };
  return (
    <Stack gap="3">
      <Button alignSelf="flex-start" variant="outline" size="lg" onClick={toggle} aria-expanded={open}>
        {open ? t('close') : t('open')}
      </Button>
      {open && <CameraScanner onCode={onCode} paused={paused} />}
    </Stack>
  );
});
