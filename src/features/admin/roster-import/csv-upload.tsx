/**
 * A plain CSV instead of a OneRoster package: which kind of record the file holds, the file, then the step that says
 * which of its columns is which of our fields (the server proposes the mapping used last time for the kind, else one
 * by the columns' names; a required field without a column is named before anything is sent), then the same preview
 * as a package's.
 */
import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CSV_FIELDS,
  CSV_IMPORT_KINDS,
  type CsvColumns,
  type CsvImportKind,
  MAX_ROSTER_PACKAGE_BYTES,
  type RosterImportRecord,
} from '../../../contract';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { SelectField } from '../../../ui/form/select-field';
import { adminErrorText } from '../api/admin-error-text';
import { fetchCsvColumns, uploadRosterCsv } from '../api/roster-imports';

export function CsvUpload({
  disabled,
  onPreview,
}: {
  disabled: boolean;
  onPreview: (record: RosterImportRecord) => void;
}) {
  const { t } = useTranslation('roster-import');
  const { t: ta } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<CsvImportKind>('scholars');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<CsvColumns | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (err: unknown) => {
    const fields = toFieldErrors(err);
    setErrors(fields);
    setFailure(fields.file ?? (Object.keys(fields).length ? null : adminErrorText(err, ta)));
  };
  const read = useMutation({
    mutationFn: (chosen: File) => fetchCsvColumns(kind, chosen),
    onSuccess: (answer) => {
      setColumns(answer);
      setMapping(answer.mapping);
      setErrors({});
      setFailure(null);
    },
    onError: failed,
  });
  const preview = useMutation({
    mutationFn: () => uploadRosterCsv(kind, file as File, mapping),
    onSuccess: onPreview,
    onError: failed,
  });
  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_ROSTER_PACKAGE_BYTES) {
      setFailure(t('upload.tooLarge'));
      return;
    }
    setFile(chosen);
    setColumns(null);
    read.mutate(chosen);
  };
  const submit = () => {
    const missing = CSV_FIELDS[kind].required.filter((field) => !mapping[field]);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((field) => [`mapping.${field}`, t('csv.needed')])));
      return;
    }
    preview.mutate();
  };
  const fields = [...CSV_FIELDS[kind].required, ...CSV_FIELDS[kind].optional] as string[];
  const headerChoices: [string, string][] = [
    ['', t('csv.noColumn')],
    ...(columns?.headers ?? []).map((h): [string, string] => [h, h]),
  ];
  return (
    <Stack
      as="section"
      aria-labelledby="csv-upload-title"
      gap="3"
      p={{ base: '4', md: '6' }}
      borderWidth="1px"
      borderRadius="lg"
    >
      <Heading as="h2" size="md" id="csv-upload-title">
        {t('csv.title')}
      </Heading>
      <Text>{t('csv.hint')}</Text>
      <HStack gap="3" wrap="wrap" align="end">
        <SelectField
          w={{ base: 'full', sm: '14rem' }}
          label={t('csv.kind')}
          value={kind}
          choices={CSV_IMPORT_KINDS.map((k): [string, string] => [k, t(`csv.kinds.${k}`)])}
          onChange={(value) => {
            setKind(value as CsvImportKind);
            setColumns(null);
            setFile(null);
          }}
          disabled={disabled}
        />
        <input
          ref={input}
          type="file"
          name="csv"
          accept=".csv,text/csv"
          aria-label={t('csv.choose')}
          style={{ display: 'none' }}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button
          minH="11"
          variant="outline"
          loading={read.isPending}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {t('csv.choose')}
        </Button>
      </HStack>
      {columns && file && (
        <Stack
          gap="3"
          as="form"
          aria-label={t('csv.mappingLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Text fontSize="sm">{t('csv.mappingHint', { file: file.name, count: columns.headers.length })}</Text>
          <Stack gap="3" direction={{ base: 'column', md: 'row' }} wrap="wrap">
            {fields.map((field) => (
              <SelectField
                key={field}
                w={{ base: 'full', md: '14rem' }}
                label={`${t(`csv.fields.${field}` as 'csv.fields.email')}${(CSV_FIELDS[kind].required as readonly string[]).includes(field) ? ' *' : ''}`}
                value={mapping[field] ?? ''}
                choices={headerChoices}
                onChange={(header) => {
                  setMapping((m) => ({ ...m, [field]: header }));
                  setErrors((e) => ({ ...e, [`mapping.${field}`]: '' }));
                }}
                error={errors[`mapping.${field}`]}
              />
            ))}
          </Stack>
          <Button
            type="submit"
            minH="11"
            colorPalette="primary"
            alignSelf="start"
            loading={preview.isPending}
            disabled={disabled}
          >
            {t('csv.preview')}
          </Button>
        </Stack>
      )}
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{failure}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
