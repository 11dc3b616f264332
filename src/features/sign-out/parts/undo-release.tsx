/**
 * The Undo of the latest release, on both line screens: a bar with the scholar's name, an "Undo" button and the
 * seconds left (a countdown and a bar that empties), for UNDO_WINDOW_MS after the tap, over the confirmation and the
 * search for the next car alike. After an Undo it says the scholar is back on the list.
 */
import { Alert, Button, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scholarName } from './photos';
import { type Release, UNDO_WINDOW_MS, type usePickUpFlow } from './use-pick-up-flow';

const left = (release: Release) => Math.max(0, UNDO_WINDOW_MS - (Date.now() - release.at));

function UndoBar({
  release,
  busy,
  onUndo,
  onExpire,
}: {
  release: Release;
  busy: boolean;
  onUndo(): void;
  onExpire(): void;
}) {
  const { t } = useTranslation('sign-out');
  const [remaining, setRemaining] = useState(() => left(release));
  useEffect(() => {
    setRemaining(left(release));
    const tick = setInterval(() => setRemaining(left(release)), 1000);
    const end = setTimeout(onExpire, left(release));
    return () => {
      clearInterval(tick);
      clearTimeout(end);
    };
  }, [release, onExpire]);
  const seconds = Math.ceil(remaining / 1000);
  const name = scholarName(release.scholar);
  return (
    <Alert.Root status="info" alignItems="center" gap="4" p="4" flexWrap="wrap">
      <Stack flex="1" minW="12rem" gap="2">
        <Text fontSize="xl" fontWeight="semibold">
          {t('undo.released', { name })}
        </Text>
        <Progress.Root value={remaining} max={UNDO_WINDOW_MS} size="sm" colorPalette="blue" aria-hidden="true">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text color="fg.muted">{t('undo.secondsLeft', { count: seconds })}</Text>
      </Stack>
      <Button size="2xl" minH="16" px="8" colorPalette="blue" loading={busy} onClick={onUndo}>
        {t('undo.button')}
      </Button>
    </Alert.Root>
  );
}

/** The Undo bar while the latest release may be undone, or the notice that it was. */
export function UndoRelease({ flow }: { flow: ReturnType<typeof usePickUpFlow> }) {
  const { t } = useTranslation('sign-out');
  if (flow.release) {
    return (
      <UndoBar
        key={flow.release.checkInId}
        release={flow.release}
        busy={flow.busy}
        onUndo={() => void flow.undo()}
        onExpire={flow.expire}
      />
    );
  }
  if (!flow.undone) return null;
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Description fontSize="lg">{t('undo.done', { name: scholarName(flow.undone) })}</Alert.Description>
    </Alert.Root>
  );
}
