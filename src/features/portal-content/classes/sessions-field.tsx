/**
 * A class's weekly sessions: one row per session (the weekday, Monday to Sunday, and its start and end on the school's
 * clock) that can be added and removed. A row's errors (`sessions.N.end_time`, from the contract's check or the
 * server's 422) show under that row's own input.
 */
import { Box, Button, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../ui/form/field-errors';
import { SelectField } from '../../../ui/form/select-field';
import { isoWeekdayName } from '../model/weekdays';
import { TextField } from '../parts/fields';

export interface SessionRow {
  /** A key for React, kept while rows are removed around it. */
  key: string;
  weekday: string;
  start_time: string;
  end_time: string;
}

let nextKey = 0;
/** A new row: the weekday after the last row's, at the same times (a class that meets daily is quick to enter). */
export function newSessionRow(previous?: Omit<SessionRow, 'key'>): SessionRow {
  nextKey += 1;
  const weekday = previous ? String((Number(previous.weekday) % 7) + 1) : '1';
  return {
    key: `session-${nextKey}`,
    weekday,
    start_time: previous?.start_time ?? '08:00',
    end_time: previous?.end_time ?? '09:00',
  };
}

export interface SessionsFieldProps {
  value: readonly SessionRow[];
  onChange: (rows: SessionRow[]) => void;
  errors: FieldErrors;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A session's two times: the row's field and its label's key. */
const TIMES = [
  ['start_time', 'start'],
  ['end_time', 'end'],
] as const;

/** The sessions editor. */
export function SessionsField({ value, onChange, errors }: SessionsFieldProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'classes' });
  const change = (index: number, field: 'weekday' | 'start_time' | 'end_time', text: string) =>
    onChange(value.map((row, i) => (i === index ? { ...row, [field]: text } : row)));
  const days: [string, string][] = WEEKDAYS.map((d) => [String(d), isoWeekdayName(d, i18n.language)]);
  return (
    <Fieldset.Root invalid={Boolean(errors.sessions)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {t('fields.sessions')}
      </Fieldset.Legend>
      {value.length === 0 && <Text color="fg.muted">{t('noSessions')}</Text>}
      <Stack as="ul" listStyleType="none" gap="3" aria-label={t('fields.sessions')}>
        {value.map((row, index) => {
          const at = (field: string) => errors[`sessions.${index}.${field}`];
          const name = t('sessionName', {
            day: isoWeekdayName(Number(row.weekday), i18n.language),
            start: row.start_time,
          });
          return (
            <Box as="li" key={row.key} borderWidth="1px" borderRadius="md" p="3" aria-label={name}>
              <HStack gap="3" wrap="wrap" align="flex-end">
                <SelectField
                  label={t('fields.weekday')}
                  value={row.weekday}
                  choices={days}
                  w={{ base: 'full', sm: '40' }}
                  error={at('weekday')}
                  onChange={(v) => change(index, 'weekday', v)}
                />
                {TIMES.map(([field, label]) => (
                  <TextField
                    key={field}
                    label={t(`fields.${label}`)}
                    type="time"
                    value={row[field]}
                    error={at(field)}
                    w="32"
                    onChange={(v) => change(index, field, v)}
                  />
                ))}
                <Button
                  variant="outline"
                  colorPalette="red"
                  minH="10"
                  aria-label={t('removeSession', { name })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  {t('remove')}
                </Button>
              </HStack>
            </Box>
          );
        })}
      </Stack>
      {errors.sessions && <Fieldset.ErrorText>{errors.sessions}</Fieldset.ErrorText>}
      <Button
        alignSelf="flex-start"
        variant="outline"
        minH="10"
        onClick={() => onChange([...value, newSessionRow(value.at(-1))])}
      >
        {t('addSession')}
      </Button>
    </Fieldset.Root>
  );
}
