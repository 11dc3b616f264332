/**
 * A list of reasons the kiosk offers (late arrival or early departure): add, rename, move up or down, retire. Each
 * reason has its Spanish wording beside it. A retired reason leaves the kiosk's list; the records that name it keep
 * its words. A renamed reason is a new word for the next records; earlier ones keep the old.
 */
import { Button, Field, Fieldset, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ReasonRow {
  /** A key for React only: reasons have no id of their own, and a renamed one stays the same row. */
  key: string;
  en: string;
  es: string;
}

export interface ReasonsEditorProps {
  legend: string;
  rows: ReasonRow[];
  onChange: (rows: ReasonRow[]) => void;
  error?: string;
  disabled?: boolean;
}

let nextKey = 0;
/** A new row's key. */
export const reasonKey = () => `reason-${++nextKey}`;

/** The editor. */
export function ReasonsEditor({ legend, rows, onChange, error, disabled }: ReasonsEditorProps) {
  const { t } = useTranslation('admin', { keyPrefix: 'school' });
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    if (row) next.splice(to, 0, row);
    onChange(next);
  };
  const edit = (index: number, field: 'en' | 'es', value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={disabled}>
      <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
      <Fieldset.HelperText>{t('reasonsHint')}</Fieldset.HelperText>
      <Stack gap="3" mt="2" as="ol" listStyleType="none" ps="0">
        {rows.map((row, index) => (
          <Stack as="li" key={row.key} gap="2" borderWidth="1px" borderRadius="md" p="3">
            <Stack direction={{ base: 'column', md: 'row' }} gap="2">
              <Field.Root invalid={!row.en.trim() && Boolean(error)}>
                <Field.Label>{t('reasonEnglish', { n: index + 1 })}</Field.Label>
                <Input value={row.en} maxLength={100} onChange={(e) => edit(index, 'en', e.target.value)} />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('reasonSpanish', { n: index + 1 })}</Field.Label>
                <Input lang="es" value={row.es} maxLength={100} onChange={(e) => edit(index, 'es', e.target.value)} />
              </Field.Root>
            </Stack>
            <HStack gap="2" flexWrap="wrap">
              <IconButton
                aria-label={t('moveUp', { reason: row.en || index + 1 })}
                variant="outline"
                size="sm"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </IconButton>
              <IconButton
                aria-label={t('moveDown', { reason: row.en || index + 1 })}
                variant="outline"
                size="sm"
                disabled={index === rows.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </IconButton>
              <Button
                variant="ghost"
                size="sm"
                colorPalette="red"
                disabled={rows.length === 1}
                aria-label={t('retire', { reason: row.en || index + 1 })}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                {t('retireShort')}
              </Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
      <Button
        alignSelf="flex-start"
        variant="outline"
        size="sm"
        mt="2"
        disabled={rows.length >= 30}
        onClick={() => onChange([...rows, { key: reasonKey(), en: '', es: '' }])}
      >
        {t('addReason')}
      </Button>
      {rows.length >= 30 && <Text fontSize="sm">{t('reasonsFull')}</Text>}
    </Fieldset.Root>
  );
}
