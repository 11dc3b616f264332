/**
 * The expected hours day by day: the date with its weekday, the expected spans, the hours and the reason with its
 * details. Days off and holidays are shaded and carry their reason's badge (words, not colour alone). Month view
 * closes each week with a subtotal row; the footer holds the range's total. From the md breakpoint it is a table;
 * below it each row stacks (date and hours on one line, spans and reason under them), so a phone never scrolls
 * sideways.
 */
import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ExpectedDay } from '../../../contract';
import { dateTimeFormat } from '../../../ui/intl-format';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { type DayWords, detailTexts, isMarkedOff, REASON_PALETTE, reasonText, spanTexts } from './model/describe-day';
import { type TableRow, totalsOf } from './model/expected-rows';
import type { ScheduleView } from './model/view-state';

const STACKED = { base: 'grid', md: 'table-row' } as const;
const CELL_RULE = { base: '0', md: '1px' } as const;
const DAY_AREAS = `"date hours" "spans spans" "reason reason"`;

/** 'Mon, Nov 23' in `locale`. */
const dayLabel = (day: string, locale: string) =>
  dateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** 'Nov 23 – 29' in `locale`. */
export const shortRange = (from: string, to: string, locale: string) =>
  dateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).formatRange(
    new Date(`${from}T00:00:00Z`),
    new Date(`${to}T00:00:00Z`),
  );

function DayRow({ day, words }: { day: ExpectedDay; words: DayWords }) {
  const spans = spanTexts(day, words);
  const details = detailTexts(day, words);
  const marked = isMarkedOff(day.reason);
  const palette = REASON_PALETTE[day.reason];
  return (
    <Table.Row
      display={STACKED}
      gridTemplateColumns="1fr auto"
      gridTemplateAreas={DAY_AREAS}
      columnGap="3"
      py={{ base: '2', md: '0' }}
      borderBottomWidth={{ base: '1px', md: '0' }}
      bg={marked ? `${palette}.subtle` : undefined}
      data-reason={day.reason}
    >
      <Table.Cell gridArea="date" borderBottomWidth={CELL_RULE} fontWeight="medium" py={{ base: '0', md: '2' }}>
        <time dateTime={day.date}>{dayLabel(day.date, words.locale)}</time>
      </Table.Cell>
      <Table.Cell gridArea="spans" borderBottomWidth={CELL_RULE} py={{ base: '0.5', md: '2' }}>
        {spans.length ? (
          spans.map((s) => <Text key={s}>{s}</Text>)
        ) : (
          <Text color="fg.muted">{words.t('table.noHours')}</Text>
        )}
      </Table.Cell>
      <Table.Cell
        gridArea="hours"
        borderBottomWidth={CELL_RULE}
        textAlign="end"
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        py={{ base: '0', md: '2' }}
      >
        {formatMinutes(day.minutes)}
      </Table.Cell>
      <Table.Cell gridArea="reason" borderBottomWidth={CELL_RULE} py={{ base: '0.5', md: '2' }}>
        <Stack gap="0.5" align="flex-start">
          <Badge colorPalette={palette} variant={marked ? 'solid' : 'subtle'}>
            {reasonText(day.reason, words)}
          </Badge>
          {details.map((d) => (
            <Text key={d} fontSize="sm">
              {d}
            </Text>
          ))}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}

interface TotalRowProps {
  label: string;
  minutes: number;
  as?: 'subtotal' | 'total';
}

function TotalRow({ label, minutes, as = 'subtotal' }: TotalRowProps) {
  return (
    <Table.Row
      display={STACKED}
      gridTemplateColumns="1fr auto"
      columnGap="3"
      py={{ base: '2', md: '0' }}
      borderBottomWidth={{ base: '1px', md: '0' }}
      bg={as === 'total' ? 'bg.emphasized' : 'bg.muted'}
      fontWeight="semibold"
      data-total={as}
    >
      <Table.Cell colSpan={2} borderBottomWidth={CELL_RULE} py={{ base: '0', md: '2' }}>
        {label}
      </Table.Cell>
      <Table.Cell
        textAlign="end"
        borderBottomWidth={CELL_RULE}
        fontVariantNumeric="tabular-nums"
        py={{ base: '0', md: '2' }}
      >
        {formatMinutes(minutes)}
      </Table.Cell>
      <Table.Cell display={{ base: 'none', md: 'table-cell' }} borderBottomWidth={CELL_RULE} />
    </Table.Row>
  );
}

export interface ExpectedTableProps {
  rows: readonly TableRow[];
  days: readonly ExpectedDay[];
  view: ScheduleView;
  /** The table's name for screen readers ('Expected hours of Ana Ruiz, Nov 23 – 29'). */
  caption: string;
  words: DayWords;
}

/** The day-by-day table with its subtotals and total. */
export function ExpectedTable({ rows, days, view, caption, words }: ExpectedTableProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'single' });
  return (
    <Table.Root size="sm" display={{ base: 'block', md: 'table' }} borderTopWidth={{ base: '1px', md: '0' }}>
      <Table.Caption srOnly>{caption}</Table.Caption>
      <Table.Header hideBelow="md">
        <Table.Row>
          <Table.ColumnHeader>{t('table.date')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('table.spans')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('table.hours')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('table.reason')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body display={{ base: 'block', md: 'table-row-group' }}>
        {rows.map((row) =>
          row.kind === 'day' ? (
            <DayRow key={row.day.date} day={row.day} words={words} />
          ) : (
            <TotalRow
              key={`week-${row.from}`}
              label={t('totals.subtotal', { date: shortRange(row.from, row.to, words.locale) })}
              minutes={row.minutes}
            />
          ),
        )}
      </Table.Body>
      <Table.Footer display={{ base: 'block', md: 'table-footer-group' }}>
        <TotalRow
          as="total"
          label={view === 'month' ? t('totals.monthRow') : t('totals.weekRow')}
          minutes={totalsOf(days).minutes}
        />
      </Table.Footer>
    </Table.Root>
  );
}
