/**
 * The day's dismissal list (/dismissal): who goes how on a day, by plan (walkers and buses first) or by homeroom,
 * with the families' confirmed changes applied and marked, a search, and a print of the same list (the rest of the
 * page is hidden while printing, as the badges page does).
 */
import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import type { DismissalEntry, DismissalPlan } from '../../contract';
import { QueryState } from '../../ui/data/query-state';
import { schoolDayOf } from '../../ui/school-clock';
import { styleNonce } from '../../ui/theme/style-nonce';
import { useDismissalDay } from './api';
import { type GroupBy, groupEntries } from './group-entries';

const SCOPE = '[data-dismissal-print]';
const PRINT_CSS = `@media print {
  body *:not(${SCOPE}):not(${SCOPE} *):not(:has(${SCOPE})) { display: none !important; }
  body *:has(${SCOPE}) { display: block !important; position: static !important; margin: 0 !important;
    padding: 0 !important; border: 0 !important; overflow: visible !important; box-shadow: none !important; }
  ${SCOPE} [data-screen-only] { display: none !important; }
  ${SCOPE} table { width: 100%; border-collapse: collapse; font-size: 10pt; }
  ${SCOPE} th, ${SCOPE} td { border: 1px solid #999; padding: 2pt 4pt; text-align: left; }
  ${SCOPE} section { break-inside: auto; }
  ${SCOPE} h2 { break-after: avoid; }
}`;

/** The words of a plan as the list shows them ("Walks home", "Bus: 7"). */
function usePlanText() {
  const { t } = useTranslation('dismissal');
  return (plan: DismissalPlan, detail: string | null, adult: string | null) =>
    plan === 'pick_up' && adult
      ? t('office.pickedUpBy', { name: adult })
      : detail
        ? `${t(`plans.${plan}`)}: ${detail}`
        : t(`plans.${plan}`);
}

function EntryRows({ entries }: { entries: readonly DismissalEntry[] }) {
  const { t } = useTranslation('dismissal');
  const planText = usePlanText();
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.name')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.grade')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.homeroom')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.plan')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((e) => (
          <Table.Row key={e.scholar_id}>
            <Table.Cell>{e.name}</Table.Cell>
            <Table.Cell>{e.grade}</Table.Cell>
            <Table.Cell>{e.homeroom ?? ''}</Table.Cell>
            <Table.Cell>
              <Stack gap="0">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight={e.change_id ? 'bold' : undefined}>
                    {planText(e.plan, e.detail, e.pick_up_name)}
                  </Text>
                  {e.change_id && <Badge colorPalette="orange">{t('office.changed')}</Badge>}
                </HStack>
                {e.change_id && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('office.usually', { plan: planText(e.default_plan, e.default_detail, null) })}
                  </Text>
                )}
              </Stack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export default function DismissalDayPage() {
  const { t } = useTranslation('dismissal');
  const { t: tc } = useTranslation();
  const timeZone = useSchoolTimeZone();
  const [date, setDate] = useState(() => schoolDayOf(Date.now(), timeZone));
  const [search, setSearch] = useState('');
  const [by, setBy] = useState<GroupBy>('plan');
  const day = useDismissalDay(date);
  const groups = useMemo(() => groupEntries(day.data?.data ?? [], by, search), [day.data, by, search]);
  const planText = usePlanText();
  const total = groups.reduce((n, g) => n + g.entries.length, 0);
  return (
    <Stack gap="4" data-dismissal-print="">
      <style nonce={styleNonce()}>{PRINT_CSS}</style>
      <Heading as="h1" size="xl">
        {tc('sections.dismissalDay')}
      </Heading>
      <Text data-screen-only="">{t('office.explain')}</Text>
      <HStack gap="3" wrap="wrap" align="end" data-screen-only="">
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label>{t('office.date')}</Field.Label>
          <Input type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '64' }}>
          <Field.Label>{t('office.search')}</Field.Label>
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '40' }}>
          <Field.Label>{t('office.groupBy')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={by} onChange={(e) => setBy(e.target.value as GroupBy)}>
              <option value="plan">{t('office.byPlan')}</option>
              <option value="homeroom">{t('office.byHomeroom')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button variant="outline" onClick={() => window.print()}>
          {t('office.print')}
        </Button>
      </HStack>
      <QueryState query={day} isEmpty={total === 0} emptyText={t('office.empty')}>
        <Stack gap="5">
          {groups.map((g) => (
            <Box as="section" key={g.key} aria-labelledby={`dismissal-group-${g.key || 'none'}`}>
              <Heading as="h2" size="md" id={`dismissal-group-${g.key || 'none'}`} mb="2">
                {by === 'plan' ? planText(g.key as DismissalPlan, null, null) : g.key || t('office.noHomeroom')}{' '}
                <Text as="span" fontWeight="normal" color="fg.muted">
                  ({t('office.count', { count: g.entries.length })})
                </Text>
              </Heading>
              <Box overflowX="auto">
                <EntryRows entries={g.entries} />
              </Box>
            </Box>
          ))}
        </Stack>
      </QueryState>
    </Stack>
  );
}
