/**
 * Taking a photo (a pick-up adult's, a scholar's) with the device's camera: a live preview (getUserMedia, the back camera where there is
 * one) and a Capture button that takes the frame on screen. The camera is released as soon as the picture is taken
 * or the panel closes. A refused permission or a missing camera each get their own words; the upload button stays.
 */
import { Alert, Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CameraProblem = 'denied' | 'no-camera' | 'in-use' | 'unknown';

/** What a getUserMedia failure means for the person. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'TypeError') return 'no-camera';
  if (name === 'NotReadableError' || name === 'AbortError') return 'in-use';
  return 'unknown';
}

/** True when the browser offers a live camera (a secure page in a browser that has getUserMedia). */
export const hasLiveCamera = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** The namespaces whose `photo.*` texts the photo parts read: each screen that takes photos keeps the same keys. */
export type PhotoNamespace = 'pick-ups' | 'scholars';

export interface CameraCaptureProps {
  onCapture: (picture: Blob) => void;
  onClose: () => void;
  /** Where the texts are (`photo.capture`, `photo.camera.denied`, ...); the pick-up screens' by default. */
  ns?: PhotoNamespace;
}

/** The live preview with Capture and Cancel. */
export function CameraCapture({ onCapture, onClose, ns = 'pick-ups' }: CameraCaptureProps) {
  const { t } = useTranslation(ns as 'pick-ups');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } }, audio: false })
      .then((media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play().catch(() => undefined);
        }
      })
      .catch((error: unknown) => setProblem(cameraProblem(error)));
    return () => {
      stopped = true;
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = null;
    };
  }, []);

  function capture() {
    const frame = video.current;
    if (!frame?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = frame.videoWidth;
    canvas.height = frame.videoHeight;
    canvas.getContext('2d')?.drawImage(frame, 0, 0);
    // Full quality here: the picture is made smaller once, like an uploaded one.
    canvas.toBlob((blob) => blob && onCapture(blob), 'image/jpeg', 0.95);
  }

  return (
    <Stack gap="2" role="group" aria-label={t('photo.cameraLabel')}>
      {problem ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t(`photo.camera.${problem}`)}</Alert.Description>
        </Alert.Root>
      ) : (
        <Box borderRadius="md" overflow="hidden" bg="black" maxW="sm">
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('photo.preview')}
            onLoadedData={() => setReady(true)}
            style={{ width: '100%', display: 'block' }}
          />
        </Box>
      )}
      <HStack gap="2">
        {!problem && (
          <Button colorPalette="primary" disabled={!ready} onClick={capture}>
            {t('photo.capture')}
          </Button>
        )}
        <Button variant="outline" onClick={onClose}>
          {t('photo.closeCamera')}
        </Button>
      </HStack>
    </Stack>
  );
}
