/**
 * A photo in a form: the picture chosen (or the stored one on an edit), "Take a photo" with the device's camera (a
 * live preview; where the browser has none, the file picker that opens the camera app), and "Upload a photo" from
 * the device. Every picture is made smaller here (`prepare`, the resize in the app), before it is kept in the form,
 * so what is previewed is what is sent. Its texts are the caller's namespace's `photo.*` keys and `form.photo`.
 */
import { Box, Button, Field, HStack, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../use-object-url';
import { CameraCapture, hasLiveCamera, type PhotoNamespace } from './camera-capture';

export interface PhotoFieldProps {
  /** The new picture, ready to upload; null for none (yet). */
  value: Blob | null;
  /** Whether a photo is stored already (a record being edited): the button then says "Keep the saved photo". */
  hasStored?: boolean;
  /** The stored photo's picture, shown while no new one is chosen; null or undefined for none (yet). */
  stored?: Blob | null;
  error?: string;
  onChange: (photo: Blob | null) => void;
  /** Reports a picture that could not be read. */
  onError: (message: string | undefined) => void;
  /** Makes a chosen or captured picture ready for upload (smaller, JPEG). */
  prepare: (file: Blob) => Promise<Blob>;
  ns: PhotoNamespace;
}

/** Preview, camera and upload. */
export function PhotoField({
  value,
  hasStored = false,
  stored,
  error,
  onChange,
  onError,
  prepare,
  ns,
}: PhotoFieldProps) {
  const { t } = useTranslation(ns as 'pick-ups');
  const upload = useRef<HTMLInputElement>(null);
  const shoot = useRef<HTMLInputElement>(null);
  const uploadId = useId();
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const url = useObjectUrl(value ?? stored ?? null);

  async function take(file: Blob | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await prepare(file));
      onError(undefined);
    } catch {
      onError(t('photo.unreadable'));
    } finally {
      setBusy(false);
    }
  }

  const chosen = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    void take(file);
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={uploadId}>{t('form.photo')}</Field.Label>
      <Stack gap="3" width="full">
        <HStack gap="4" align="center">
          <Box
            width="32"
            height="32"
            borderRadius="md"
            borderWidth="1px"
            overflow="hidden"
            bg="bg.muted"
            display="flex"
            alignItems="center"
            justifyContent="center"
            flexShrink="0"
          >
            {url ? (
              <Image src={url} alt={t(value ? 'photo.newAlt' : 'photo.storedAlt')} objectFit="cover" boxSize="full" />
            ) : (
              <Text fontSize="sm" color="fg.muted" textAlign="center" px="2">
                {t('photo.none')}
              </Text>
            )}
          </Box>
          <Stack gap="2">
            <Button
              variant="outline"
              loading={busy}
              onClick={() => (hasLiveCamera() ? setCamera(true) : shoot.current?.click())}
            >
              {t('photo.take')}
            </Button>
            <Button variant="outline" loading={busy} onClick={() => upload.current?.click()}>
              {t('photo.upload')}
            </Button>
            {value && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
                {t(hasStored ? 'photo.keepStored' : 'photo.remove')}
              </Button>
            )}
          </Stack>
        </HStack>
        {camera && (
          <CameraCapture
            ns={ns}
            onClose={() => setCamera(false)}
            onCapture={(picture) => {
              setCamera(false);
              void take(picture);
            }}
          />
        )}
        <VisuallyHidden>
          <input
            ref={upload}
            id={uploadId}
            type="file"
            accept="image/*"
            aria-label={t('photo.upload')}
            onChange={(event) => chosen(event.currentTarget)}
          />
          <input
            ref={shoot}
            type="file"
            accept="image/*"
            capture="environment"
            tabIndex={-1}
            aria-label={t('photo.take')}
            onChange={(event) => chosen(event.currentTarget)}
          />
        </VisuallyHidden>
      </Stack>
      <Field.HelperText>{t('photo.help')}</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
