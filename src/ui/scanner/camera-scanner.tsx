/**
 * A live camera that reads badge QR codes (and the camera option of Arrivals and Enter Meals). It
 * keeps the camera open between scans, so the next car's badge is read without a tap; a code still in view is not
 * reported again until it has been out of view for a moment, pause or not (the badge just handled stays in front of the
 * camera while the next screen shows). Torch and camera
 * switch appear where the device has them; no camera, a refused permission, a camera in use and an insecure page
 * each say what to do. Loaded on demand through ./camera-scanner-lazy (it carries the decoder).
 */
import { Alert, Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStableCallback } from '../use-stable-callback';
import { html5QrcodeEngine } from './html5-qrcode-engine';
import type { ScannerEngine, ScannerErrorKind, ScannerSession } from './scanner';
import { toScannerError } from './scanner';

export interface CameraScannerProps {
  /** Each newly read code. */
  onCode(code: string): void;
  /** While true the camera stays open but codes are not reported (a result is on screen). */
  paused?: boolean;
  /** The accessible name of the camera view. */
  label?: string;
  /** Another engine (tests); html5-qrcode by default. */
  engine?: ScannerEngine;
}

/** A code read again within this time, without another code in between, is the same badge still in view. */
export const REPEAT_QUIET_MS = 2500;

type Phase =
  | { kind: 'starting' }
  | { kind: 'running'; session: ScannerSession }
  | { kind: 'failed'; error: ScannerErrorKind };

export default function CameraScanner({
  onCode,
  paused = false,
  label,
  engine = html5QrcodeEngine,
}: CameraScannerProps) {
  const { t } = useTranslation('scanner');
  const viewRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [cameraId, setCameraId] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [torchOn, setTorchOn] = useState(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const last = useRef<{ code: string; at: number } | null>(null);

  const report = useStableCallback((code: string) => {
    const now = performance.now();
    const previous = last.current;
    last.current = { code, at: now };
    if (pausedRef.current) return;
    if (previous && previous.code === code && now - previous.at < REPEAT_QUIET_MS) return;
    onCode(code);
  });

  useEffect(() => {
    const element = viewRef.current;
    if (!element) return;
    let cancelled = false;
    let session: ScannerSession | null = null;
    setPhase({ kind: 'starting' });
    setTorchOn(false);
    engine.start({ element, cameraId, onCode: (code) => !cancelled && report(code) }).then(
      (started) => {
        session = started;
        if (cancelled) void started.stop();
        else setPhase({ kind: 'running', session: started });
      },
      (error: unknown) => {
        if (!cancelled) setPhase({ kind: 'failed', error: toScannerError(error).kind });
      },
    );
    return () => {
      cancelled = true;
      void session?.stop();
    };
  }, [engine, cameraId, attempt, report]);

  const running = phase.kind === 'running' ? phase.session : null;
  const nextCamera = () => {
    if (!running || running.cameras.length < 2) return;
    const at = running.cameras.findIndex((c) => c.id === running.cameraId);
    setCameraId(running.cameras[(at + 1) % running.cameras.length]?.id);
  };
  const toggleTorch = () => {
    if (!running) return;
    const on = !torchOn;
    running.setTorch(on).then(
      () => setTorchOn(on),
      () => setTorchOn(false),
    );
  };

  return (
    <Stack gap="3" width="full">
      <Box
        position="relative"
        width="full"
        maxW="lg"
        mx="auto"
        minH="56"
        bg="black"
        borderRadius="l3"
        overflow="hidden"
        role="region"
        aria-label={label ?? t('view')}
        aria-busy={phase.kind === 'starting'}
      >
        <Box ref={viewRef} width="full" css={{ '& video': { width: '100% !important', display: 'block' } }} />
        {phase.kind === 'starting' && (
          <HStack role="status" position="absolute" inset="0" justify="center" color="white" gap="3">
            <Spinner />
            <Text>{t('starting')}</Text>
          </HStack>
        )}
        {paused && phase.kind === 'running' && (
          <Box position="absolute" inset="0" bg="blackAlpha.600" aria-hidden="true" />
        )}
      </Box>
      {phase.kind === 'failed' && (
        <Alert.Root status={phase.error === 'unknown' || phase.error === 'in-use' ? 'error' : 'warning'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`errors.${phase.error}.title`)}</Alert.Title>
            <Alert.Description>{t(`errors.${phase.error}.help`)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" minH="11" variant="outline" alignSelf="center" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      {phase.kind === 'running' && (
        <HStack justify="center" gap="3" wrap="wrap">
          <Text color="fg.muted">{t('hint')}</Text>
          {running?.hasTorch && (
            <Button variant="outline" minH="11" onClick={toggleTorch} aria-pressed={torchOn}>
              {torchOn ? t('torchOff') : t('torchOn')}
            </Button>
          )}
          {running && running.cameras.length > 1 && (
            <Button variant="outline" minH="11" onClick={nextCamera}>
              {t('switchCamera')}
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}
