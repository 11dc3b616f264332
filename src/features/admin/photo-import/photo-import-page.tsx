/**
 * Photos (/admin/import/photos, `roster_imports-create`): the administrator chooses or drops a zip of the scholars'
 * photos, named by student number or sourcedId, and imports it (`POST v2/photo_imports`). While the zip goes up and
 * the server reads it the screen says so without a percentage: the upload's progress would need a streamed request
 * body, which Chromium sends only over HTTP/2, and a school behind an HTTP/1.1 proxy would then get no upload at all.
 * The report (photo-import-report.tsx) says what became of every file. Offline, the screen says the import needs a
 * connection and keeps the Import button off.
 */
import { Alert, Button, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTO_ZIP_BYTES, MAX_ZIP_FILES, PHOTO_IMPORT_MESSAGES, type PhotoImportResult } from '../../../contract';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { FileDropField, formatFileSize } from '../../../ui/form/file-drop-field';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useOnline } from '../../../ui/use-online';
import { adminErrorText } from '../api/admin-error-text';
import { importPhotos } from '../api/import-photos';
import { PhotoImportReport } from './photo-import-report';

/** What the chooser offers; a zip's type differs by browser and system, so its extension decides. */
const ACCEPT = '.zip,application/zip,application/x-zip-compressed';
const isZip = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);

/** The screen. */
export default function PhotoImportPage() {
  const { t, i18n } = useTranslation('photo-import');
  const { t: tc } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [report, setReport] = useState<{ name: string; result: PhotoImportResult } | null>(null);
  const upload = useMutation({
    mutationFn: importPhotos,
    onSuccess: (result, sent) => {
      setReport({ name: sent.name, result });
      setFile(null);
    },
    onError: (error) => setFieldError(fileErrorText(toFieldErrors(error).file)),
  });
  const tooLarge = () => t('tooLarge', { max: MAX_PHOTO_ZIP_BYTES / 1024 / 1024 });
  // The server's refusals of the file in the reader's language (they are the contract's English).
  const fileErrorText = (message: string | undefined) =>
    message === PHOTO_IMPORT_MESSAGES.notZip
      ? t('notZip')
      : message === PHOTO_IMPORT_MESSAGES.zipTooLarge
        ? tooLarge()
        : message === PHOTO_IMPORT_MESSAGES.tooManyFiles
          ? t('tooManyFiles', { max: MAX_ZIP_FILES.toLocaleString(i18n.language) })
          : (message ?? null);
  const size = (f: File) => formatFileSize(f.size, i18n.language);

  const choose = (chosen: File) => {
    upload.reset();
    setReport(null);
    if (!isZip(chosen)) return fail(t('notZip'));
    if (chosen.size > MAX_PHOTO_ZIP_BYTES) return fail(tooLarge());
    setFieldError(null);
    setFile(chosen);
  };
  const fail = (text: string) => {
    setFile(null);
    setFieldError(text);
  };

  const failure = upload.isError && !fieldError ? adminErrorText(upload.error, ta) : null;
  return (
    <Stack gap="5" maxW="3xl" minW="0">
      <Heading as="h1" size="xl">
        {tc('sections.photoImport')}
      </Heading>
      <Text>{t('intro')}</Text>
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('offline')}</Alert.Description>
        </Alert.Root>
      )}
      <FileDropField
        label={t('file')}
        chooseText={file || report ? t('chooseAnother') : t('choose')}
        dropText={t('drop')}
        accept={ACCEPT}
        chosenText={file ? t('chosen', { name: file.name, size: size(file) }) : null}
        error={fieldError}
        disabled={upload.isPending}
        onChoose={choose}
      />
      <FormAlert text={failure} />
      {file && !upload.isPending && (
        <Button
          alignSelf="start"
          minH="11"
          colorPalette="primary"
          disabled={!online}
          onClick={() => upload.mutate(file)}
        >
          {t('import')}
        </Button>
      )}
      {upload.isPending && upload.variables && (
        <Progress.Root value={null} size="sm" colorPalette="primary" aria-busy="true">
          <Progress.Label mb="2">
            <Text role="status">{t('uploading', { name: upload.variables.name, size: size(upload.variables) })}</Text>
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
          <Text fontSize="sm" color="fg.muted" mt="2">
            {t('uploadingHint')}
          </Text>
        </Progress.Root>
      )}
      {report && <PhotoImportReport name={report.name} result={report.result} />}
    </Stack>
  );
}
