/**
 * The weekday grid of the week editor, Monday to Sunday: per day "Works this day", the start and end, the unpaid
 * break and the day's paid hours. On a desktop the days are rows under one header; on a phone (below `md`) each day
 * stacks: its name on its own line, then its fields wrapping, each with its own label, so nothing scrolls sideways.
 * Every field is named with its day ("Tuesday end"), since the header is not read with the field.
 */
import { Box, Checkbox, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../ui/intl-format';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { type DayValues, paidMinutes } from './model/week-form';

/** The days' names in `locale`, Monday first ('Monday', 'lunes'). */
export function weekdayNames(locale: string): string[] {
  const format = dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

const capitalized = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** Desktop columns: day, works, start, end, break, paid. */
const COLUMNS = '8.5rem 9.5rem 8.5rem 8.5rem 8.5rem 1fr';

export type DayField = 'start' | 'end' | 'break_minutes';

interface DayRowProps {
  index: number;
  name: string;
  day: DayValues;
  /** Messages by field (`start`, `end`, `break_minutes`, and `day` for the day as a whole). */
  errors: Partial<Record<DayField | 'day', string>>;
  onWorks: (index: number, works: boolean) => void;
  onChange: (index: number, field: DayField, value: string) => void;
}

function DayRow({ index, name, day, errors, onWorks, onChange }: DayRowProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const nameId = useId();
  const paid = paidMinutes(day);
  const field = (key: DayField, label: string, ariaLabel: string, type: 'time' | 'number') => (
    <Field.Root invalid={Boolean(errors[key])} w={{ base: '8.5rem', md: 'auto' }}>
      <Field.Label hideFrom="md" fontSize="xs">
        {label}
      </Field.Label>
      <Input
        type={type}
        aria-label={ariaLabel}
        value={day[key]}
        onChange={(event) => onChange(index, key, event.target.value)}
        {...(type === 'number' ? { min: 0, max: 240, step: 5, inputMode: 'numeric' as const } : {})}
      />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Box role="group" aria-labelledby={nameId} py="3" borderTopWidth="1px">
      <Box
        display={{ base: 'flex', md: 'grid' }}
        flexWrap="wrap"
        gridTemplateColumns={COLUMNS}
        columnGap="3"
        rowGap="2"
        alignItems={{ base: 'flex-end', md: 'start' }}
      >
        <Text id={nameId} fontWeight="semibold" flexBasis={{ base: '100%', md: 'auto' }} pt={{ md: '2' }}>
          {capitalized(name, i18n.language)}
        </Text>
        <Checkbox.Root
          checked={day.works}
          onCheckedChange={(details) => onWorks(index, details.checked === true)}
          flexBasis={{ base: '100%', md: 'auto' }}
          minH="10"
        >
          <Checkbox.HiddenInput aria-label={t('grid.worksOn', { day: name })} />
          <Checkbox.Control />
          <Checkbox.Label>{t('grid.works')}</Checkbox.Label>
        </Checkbox.Root>
        {day.works ? (
          <>
            {field('start', t('grid.start'), t('grid.startOf', { day: name }), 'time')}
            {field('end', t('grid.end'), t('grid.endOf', { day: name }), 'time')}
            {field('break_minutes', t('grid.break'), t('grid.breakOf', { day: name }), 'number')}
            <Stack gap="0" minH="10" justify="center" pt={{ md: '2' }}>
              <Text hideFrom="md" fontSize="xs" fontWeight="medium">
                {t('grid.paid')}
              </Text>
              <Text fontVariantNumeric="tabular-nums">{paid === null ? '–' : formatMinutes(paid)}</Text>
            </Stack>
          </>
        ) : (
          <Text color="fg.muted" gridColumn="3 / -1" minH="10" pt={{ md: '2' }}>
            {t('grid.off')}
          </Text>
        )}
      </Box>
      {errors.day && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {errors.day}
        </Text>
      )}
    </Box>
  );
}

export interface WeekGridProps {
  days: readonly DayValues[];
  /** Messages by the server's field names (`days.1.end`, `days.3` …). */
  errors: Readonly<Record<string, string>>;
  onWorks: (index: number, works: boolean) => void;
  onChange: (index: number, field: DayField, value: string) => void;
}

/** The seven days. */
export function WeekGrid({ days, errors, onWorks, onChange }: WeekGridProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const names = weekdayNames(i18n.language);
  return (
    <Box role="group" aria-label={t('grid.caption')}>
      <Grid
        hideBelow="md"
        aria-hidden="true"
        templateColumns={COLUMNS}
        columnGap="3"
        pb="1"
        fontSize="sm"
        fontWeight="medium"
        color="fg.muted"
      >
        <Text>{t('grid.day')}</Text>
        <Text>{t('grid.works')}</Text>
        <Text>{t('grid.start')}</Text>
        <Text>{t('grid.end')}</Text>
        <Text>{t('grid.break')}</Text>
        <Text>{t('grid.paid')}</Text>
      </Grid>
      {days.map((day, i) => (
        <DayRow
          // The seven days never move: a weekday's place is its identity.
          key={i}
          index={i}
          name={names[i] ?? ''}
          day={day}
          errors={{
            start: errors[`days.${i}.start`],
            end: errors[`days.${i}.end`],
            break_minutes: errors[`days.${i}.break_minutes`],
            day: errors[`days.${i}`],
          }}
          onWorks={onWorks}
          onChange={onChange}
        />
      ))}
    </Box>
  );
}
