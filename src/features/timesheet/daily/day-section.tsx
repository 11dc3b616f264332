/**
 * One day of View Daily Combined: its date as a heading, then a table of the people who recorded time (name, first
 * in, last out, worked, expected so far with the hours later that day apart, difference, flags and an open record as
 * chips) closed by the day's totals, or the
 * words saying no one did; then who was expected and recorded nothing. From the md breakpoint a table; below it each
 * person is a short block whose values carry their own labels, so a phone never scrolls sideways.
 */
import { Box, Heading, Text } from '@chakra-ui/react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClockTime } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { FlagChips } from '../reports/flag-chips';
import { longDay, signedMinutes } from '../reports/model/words';
import { SR_ONLY } from '../reports/sr-only';
import type { DailyGroup } from './model/daily-groups';

const STACK = { base: 'block', md: 'table' } as const;

/** The style sheet of every day's table (one for the page, not one per cell). */
export const DAILY_CSS = {
  '& caption': SR_ONLY,
  '& table': { display: STACK, width: 'full', fontSize: 'sm', borderCollapse: 'collapse' },
  '& thead': { display: { base: 'none', md: 'table-header-group' } },
  '& tbody': { display: { base: 'block', md: 'table-row-group' } },
  '& tfoot': { display: { base: 'block', md: 'table-footer-group' } },
  '& tr': {
    display: { base: 'block', md: 'table-row' },
    borderBottomWidth: { base: '1px', md: '0' },
    borderColor: 'border',
    py: { base: '2', md: '0' },
  },
  '& th, & td': {
    display: { base: 'inline-block', md: 'table-cell' },
    borderBottomWidth: { base: '0', md: '1px' },
    borderColor: 'border',
    px: { base: '0', md: '2' },
    py: { base: '0', md: '1.5' },
    me: { base: '3', md: '0' },
    textAlign: 'start',
    verticalAlign: 'top',
  },
  '& thead th': { fontWeight: 'semibold', bg: 'bg.muted' },
  '& [data-col="name"]': { display: { base: 'block', md: 'table-cell' }, fontWeight: 'semibold' },
  '& [data-col="flags"]': { display: { base: 'block', md: 'table-cell' } },
  '& [data-num]': { fontVariantNumeric: 'tabular-nums', textAlign: { base: 'start', md: 'end' } },
  '& tfoot th, & tfoot td': { fontWeight: 'semibold', bg: 'bg.muted' },
  '& [data-phone-label]': { display: { base: 'inline', md: 'none' }, color: 'fg.muted', fontWeight: 'normal' },
} as const;

export interface DaySectionProps {
  group: DailyGroup;
  timeZone: string;
}

/** One day. */
export const DaySection = memo(function DaySection({ group, timeZone }: DaySectionProps) {
  const { t, i18n } = useTranslation('timesheet-reports', { keyPrefix: 'daily' });
  const headingId = useId();
  const locale = i18n.language;
  const clock = (instant: string | null) => (instant ? formatClockTime(instant, timeZone, locale) : '—');
  const label = (text: string) => <span data-phone-label="">{text} </span>;
  // The rest of today's hours, under the expected so far: ahead, not short.
  const later = (minutes: number) =>
    minutes > 0 ? (
      <>
        {' '}
        <Text as="span" display="block" fontSize="xs" fontStyle="italic" color="fg.muted" data-ahead="">
          {t('later', { hours: formatMinutes(minutes) })}
        </Text>
      </>
    ) : null;
  const { entries, absent, totals } = group;

  return (
    <Box as="section" aria-labelledby={headingId} data-date={group.date}>
      <Heading as="h2" size="md" id={headingId} mb="2">
        <time dateTime={group.date}>{longDay(group.date, locale)}</time>
      </Heading>
      {entries.length === 0 ? (
        <Text color="fg.muted">{t('noOne')}</Text>
      ) : (
        <table>
          <caption>{t('caption', { date: longDay(group.date, locale) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.person')}</th>
              <th scope="col">{t('columns.in')}</th>
              <th scope="col">{t('columns.out')}</th>
              <th scope="col" data-num="">
                {t('columns.worked')}
              </th>
              <th scope="col" data-num="">
                {t('columns.expected')}
              </th>
              <th scope="col" data-num="">
                {t('columns.difference')}
              </th>
              <th scope="col">{t('columns.flags')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.userId} data-user={e.userId}>
                <th scope="row" data-col="name">
                  {e.name}
                </th>
                <td>
                  {label(t('columns.in'))}
                  {clock(e.firstIn)}
                </td>
                <td>
                  {label(t('columns.out'))}
                  {clock(e.lastOut)}
                </td>
                <td data-num="">
                  {label(t('columns.worked'))}
                  {formatMinutes(e.worked)}
                </td>
                <td data-num="">
                  {label(t('columns.expected'))}
                  {formatMinutes(e.expected)}
                  {later(e.ahead)}
                </td>
                <td data-num="">
                  {label(t('columns.difference'))}
                  {signedMinutes(e.difference)}
                </td>
                <td data-col="flags">
                  <FlagChips flags={e.flags} open={e.open} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-total="">
              <th scope="row" colSpan={3} data-col="name">
                {t('dayTotal', { count: totals.people })}
              </th>
              <td data-num="">
                {label(t('columns.worked'))}
                {formatMinutes(totals.worked)}
              </td>
              <td data-num="">
                {label(t('columns.expected'))}
                {formatMinutes(totals.expected)}
                {later(totals.ahead)}
              </td>
              <td data-num="">
                {label(t('columns.difference'))}
                {signedMinutes(totals.difference)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
      {absent.length > 0 && (
        <Text mt="2" fontSize="sm">
          {t('absent', {
            names: absent.map((a) => t('absentPerson', { name: a.name, hours: formatMinutes(a.expected) })).join('; '),
          })}
        </Text>
      )}
    </Box>
  );
});
