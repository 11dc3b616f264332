/**
 * What a new year will do (the preview) or did (after it started): the new dates, the grade moves with their counts,
 * the graduates by name (the first of them; the count covers all), the agreements that end, the homerooms cleared and
 * the non-work days added.
 */
import { Heading, List, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SchoolYearApplied, SchoolYearSummary } from '../../../contract/school-year';
import { formatDay } from '../../../ui/school-clock';

export interface YearSummaryProps {
  summary: SchoolYearSummary | SchoolYearApplied;
  /** True once the year has started (the texts then say what was done). */
  applied?: boolean;
  /** The heading's id, for the region that names itself by it. */
  headingId: string;
}

/** The summary. */
export function YearSummary({ summary, applied = false, headingId }: YearSummaryProps) {
  const { t, i18n } = useTranslation('school-year', { keyPrefix: 'summary' });
  const day = (d: string) => formatDay(d, i18n.language);
  const closes = day(summary.closes_on);
  const more = summary.graduate - summary.graduates.length;
  const appliedAt = 'applied_at' in summary ? summary.applied_at : null;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" borderWidth="1px" rounded="md" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md" id={headingId} tabIndex={-1}>
        {t(applied ? 'appliedTitle' : 'title')}
      </Heading>
      {applied && appliedAt && (
        <Text>
          {t('appliedAt', {
            at: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(appliedAt),
            ),
          })}
        </Text>
      )}
      <Text>{t('year', { from: day(summary.starts_on), to: day(summary.ends_on) })}</Text>
      {summary.promote.length === 0 ? (
        <Text>{t('noMoves')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption textAlign="start" fontWeight="semibold" mb="1">
              {t('moves')}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('from')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('to')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('count')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {summary.promote.map((p) => (
                <Table.Row key={p.from}>
                  <Table.Cell>{p.from}</Table.Cell>
                  <Table.Cell>{p.to}</Table.Cell>
                  <Table.Cell textAlign="end">{p.count}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Text>{t(applied ? 'graduated' : 'graduate', { count: summary.graduate, date: closes })}</Text>
      {summary.graduates.length > 0 && (
        <Stack gap="1">
          <Heading as="h3" size="sm">
            {t('graduates')}
          </Heading>
          <List.Root ps="5">
            {summary.graduates.map((g) => (
              <List.Item key={g.id}>
                {g.name} ({g.student_number})
              </List.Item>
            ))}
          </List.Root>
          {more > 0 && <Text>{t('graduatesMore', { count: more })}</Text>}
        </Stack>
      )}
      <Text>{t('agreements', { count: summary.agreements_ending, date: closes })}</Text>
      <Text>
        {summary.homerooms_cleared > 0 ? t('homerooms', { count: summary.homerooms_cleared }) : t('homeroomsKept')}
      </Text>
      <Text>{t('days', { count: summary.non_work_days })}</Text>
    </Stack>
  );
}
