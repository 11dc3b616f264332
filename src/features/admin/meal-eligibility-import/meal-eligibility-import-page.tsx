/**
 * Meal eligibility import (/admin/meal-eligibility, `meal_eligibility-update`): a CSV of determinations (a direct
 * certification list) is previewed as soon as it is chosen, writing nothing: what changes, the rows that cannot be
 * used (downloadable), and Apply, which sends the same file again to be written (the server keeps no preview:
 * docs/decisions/007-meal-eligibility-import-stateless.md). After Apply the screen shows what was saved. It needs a
 * connection throughout; offline it says so and takes no file.
 */
import { Alert, Button, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MEAL_IMPORT_BYTES, MEAL_IMPORT_MESSAGES, type MealImport } from '../../../contract';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { FileDropField, formatFileSize } from '../../../ui/form/file-drop-field';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useOnline } from '../../../ui/use-online';
import { adminErrorText } from '../api/admin-error-text';
import { applyMealEligibilityImport } from '../api/apply-meal-eligibility-import';
import { previewMealEligibilityImport } from '../api/preview-meal-eligibility-import';
import { FileFormatHelp } from './file-format-help';
import { ImportSummary } from './import-summary';

const ACCEPT = '.csv,.txt,text/csv,text/plain';
const isCsv = (file: File) => /\.(csv|txt)$/i.test(file.name) || /^text\//.test(file.type);
const MAX_MB = MAX_MEAL_IMPORT_BYTES / 1024 / 1024;

/** The screen. */
export default function MealEligibilityImportPage() {
  const { t, i18n } = useTranslation('meal-eligibility-import');
  const { t: tc } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<MealImport | null>(null);
  // The server's refusals of the file that have words of their own here; others show as the server wrote them.
  const fileErrorText = (message: string | undefined): string | null => {
    if (message === MEAL_IMPORT_MESSAGES.notCsv) return t('notCsv');
    if (message === MEAL_IMPORT_MESSAGES.tooLarge) return t('tooLarge', { max: MAX_MB });
    if (message === MEAL_IMPORT_MESSAGES.spreadsheet) return t('spreadsheet');
    if (message === MEAL_IMPORT_MESSAGES.notUtf8) return t('notUtf8');
    if (message === MEAL_IMPORT_MESSAGES.noRows) return t('noRows');
    return message ?? null;
  };
  const onError = (error: unknown) => setFieldError(fileErrorText(toFieldErrors(error).file));
  const preview = useMutation({ mutationFn: previewMealEligibilityImport, onSuccess: setResult, onError });
  const apply = useMutation({ mutationFn: applyMealEligibilityImport, onSuccess: setResult, onError });

  const choose = (chosen: File) => {
    preview.reset();
    apply.reset();
    setResult(null);
    setFile(null);
    if (!isCsv(chosen)) return setFieldError(t('notCsv'));
    if (chosen.size > MAX_MEAL_IMPORT_BYTES) return setFieldError(t('tooLarge', { max: MAX_MB }));
    setFieldError(null);
    setFile(chosen);
    preview.mutate(chosen);
  };

  const failed = [preview, apply].find((m) => m.isError);
  const failure = failed && !fieldError ? adminErrorText(failed.error, ta) : null;
  const size = file ? formatFileSize(file.size, i18n.language) : '';
  return (
    <Stack gap="5" maxW="4xl" minW="0">
      <Heading as="h1" size="xl">
        {tc('sections.mealEligibilityImport')}
      </Heading>
      <Text>{t('intro')}</Text>
      <FileFormatHelp />
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('offline')}</Alert.Description>
        </Alert.Root>
      )}
      <FileDropField
        label={t('file')}
        chooseText={file ? t('chooseAnother') : t('choose')}
        dropText={t('drop')}
        accept={ACCEPT}
        chosenText={file ? `${file.name}, ${size}` : null}
        error={fieldError}
        disabled={!online || preview.isPending || apply.isPending}
        onChoose={choose}
      />
      <FormAlert text={failure} />
      {preview.isPending && file && (
        <Progress.Root value={null} size="sm" colorPalette="primary">
          <Progress.Label mb="2">
            <Text role="status">{t('previewing', { name: file.name })}</Text>
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {result && file && (
        <ImportSummary name={file.name} data={result}>
          {result.status === 'previewed' && result.changes > 0 && (
            <Button
              alignSelf="start"
              minH="11"
              colorPalette="primary"
              loading={apply.isPending}
              disabled={!online}
              onClick={() => apply.mutate({ id: result.id, file })}
            >
              {t('apply', { count: result.changes })}
            </Button>
          )}
        </ImportSummary>
      )}
    </Stack>
  );
}
