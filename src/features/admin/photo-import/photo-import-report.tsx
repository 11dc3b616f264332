/**
 * What an import did with the zip: how many scholars have a new photo and how many already had it, then the files
 * that match no scholar (to rename) and those not used, each with why in the reader's language.
 */
import { Alert, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MAX_ZIP_PHOTO_BYTES, MAX_ZIP_PHOTO_PIXELS, type PhotoImportResult } from '../../../contract';

export function PhotoImportReport({ name, result }: { name: string; result: PhotoImportResult }) {
  const { t } = useTranslation('photo-import', { keyPrefix: 'report' });
  const { t: tr } = useTranslation('photo-import', { keyPrefix: 'refusals' });
  const nothing = !result.updated && !result.unchanged && !result.unmatched.length && !result.refused.length;
  const limits = { mb: MAX_ZIP_PHOTO_BYTES / 1024 / 1024, megapixels: MAX_ZIP_PHOTO_PIXELS / 1_000_000 };
  return (
    <Stack gap="4" as="section" aria-labelledby="photo-import-report">
      <Heading as="h2" size="md" id="photo-import-report" wordBreak="break-word">
        {t('title', { name })}
      </Heading>
      <Alert.Root status={nothing ? 'info' : result.updated || result.unchanged ? 'success' : 'warning'}>
        <Alert.Indicator />
        <Alert.Content>
          {nothing ? (
            <Alert.Description>{t('nothing')}</Alert.Description>
          ) : (
            <>
              <Alert.Description>{t('updated', { count: result.updated })}</Alert.Description>
              <Alert.Description>{t('unchanged', { count: result.unchanged })}</Alert.Description>
            </>
          )}
        </Alert.Content>
      </Alert.Root>
      {result.unmatched.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('unmatched', { count: result.unmatched.length })}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('unmatchedHint')}
          </Text>
          <List.Root ps="5" gap="1">
            {/* Keyed by place: a zip may hold the same path twice, and the list never changes. */}
            {result.unmatched.map((file, i) => (
              <List.Item key={i} wordBreak="break-all">
                {file}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      {result.refused.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('refused', { count: result.refused.length })}
          </Heading>
          <List.Root ps="5" gap="2">
            {result.refused.map((file, i) => (
              <List.Item key={i}>
                <Text as="span" fontWeight="medium" wordBreak="break-all">
                  {file.name}
                </Text>
                <Text as="span">: {tr(file.code, limits)}</Text>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
    </Stack>
  );
}
