/**
 * The school's logo on the settings screen: the logo as the server keeps it (resized), a file chooser that uploads the
 * chosen file at once (its preview shows while it goes), and Remove. It saves apart from the form's Save, so a logo
 * change never touches what is being typed in the form; the server's refusal (not an image, above 5 MB) shows under
 * the field. The app's kept config is fetched again afterwards, so the sign-in screens and prints follow.
 */
import { Box, Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSchoolConfig, schoolConfigQuery } from '../../../api/school-time-zone';
import { MAX_LOGO_BYTES, type SchoolSettings } from '../../../contract';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { SchoolLogo } from '../../../ui/school-logo';
import { useObjectUrl } from '../../../ui/use-object-url';
import { adminErrorText } from '../api/admin-error-text';
import { removeSchoolLogo, schoolSettingsKey, uploadSchoolLogo } from '../api/school-settings';

/** What the browser may offer in the chooser: the image types the server reads. */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/tiff,image/svg+xml';

export function LogoField({ settings }: { settings: SchoolSettings }) {
  const { t } = useTranslation('admin', { keyPrefix: 'school' });
  const { t: ta } = useTranslation('admin');
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(chosen);

  const done = (saved: SchoolSettings, text: string) => {
    // Only the logo changes in the cached settings (the server keeps updated_at for the form's fields): the form
    // below, started again when updated_at changes, keeps what is being typed in it.
    client.setQueryData<SchoolSettings>(schoolSettingsKey, (old) =>
      old ? { ...old, logo_url: saved.logo_url } : saved,
    );
    void getSchoolConfig()
      .then((config) => client.setQueryData(schoolConfigQuery.queryKey, config))
      .catch(() => undefined);
    setChosen(null);
    setError(null);
    addNotification({ type: 'success', text });
  };
  const failed = (err: unknown) => {
    setChosen(null);
    setError(toFieldErrors(err).file ?? adminErrorText(err, ta));
  };
  const upload = useMutation({
    mutationFn: uploadSchoolLogo,
    onSuccess: (saved) => done(saved, t('logoSaved')),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: removeSchoolLogo,
    onSuccess: (saved) => done(saved, t('logoRemoved')),
    onError: failed,
  });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      setError(t('logoTooLarge'));
      return;
    }
    setError(null);
    setChosen(file);
    upload.mutate(file);
  };

  const busy = upload.isPending || remove.isPending;
  const shown = preview ?? settings.logo_url;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{t('logo')}</Field.Label>
      <Stack gap="3" w="full">
        <HStack gap="4" wrap="wrap" align="center">
          <Box
            boxSize="24"
            borderWidth="1px"
            borderRadius="md"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bg="bg.muted"
            flexShrink={0}
          >
            {shown ? (
              <SchoolLogo url={shown} name={t('logoPreview', { name: settings.school_name ?? '' })} size="5.5rem" />
            ) : (
              <Text fontSize="sm" color="fg.muted" textAlign="center" px="1">
                {t('logoNone')}
              </Text>
            )}
          </Box>
          <Stack gap="2">
            <input
              ref={input}
              type="file"
              name="file"
              accept={ACCEPT}
              aria-label={t('logoChoose')}
              style={{ display: 'none' }}
              onChange={(e) => choose(e.target.files?.[0])}
            />
            <Button
              minH="10"
              variant="outline"
              loading={upload.isPending}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              {settings.logo_url ? t('logoReplace') : t('logoChoose')}
            </Button>
            {settings.logo_url && (
              <Button
                minH="10"
                variant="ghost"
                colorPalette="red"
                loading={remove.isPending}
                disabled={busy}
                onClick={() => remove.mutate()}
              >
                {t('logoRemove')}
              </Button>
            )}
          </Stack>
        </HStack>
        <Field.HelperText>{t('logoHint')}</Field.HelperText>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Stack>
    </Field.Root>
  );
}
