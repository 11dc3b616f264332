/**
 * The staff's list of agreements: each with its scholar, state, dates, deadline (overdue in red)
 * and supervising teacher; filtered by state, by "only mine" for a teacher, and searched by scholar; in pages; the
 * list as filtered (every page) as a CSV file.
 */
import { Badge, Button, Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_STATES, type AgreementState } from '../../contract/independent-study';
import { Pager } from '../../ui/data/pager';
import { QueryState } from '../../ui/data/query-state';
import { SearchInput } from '../../ui/data/search-input';
import { SelectField } from '../../ui/form/select-field';
import { formatDay } from '../../ui/school-clock';
import { STATE_COLORS } from './agreement-detail';
import { type ListParams, useAgreements } from './api';
import { ExportAgreementsButton } from './export-agreements-button';

export interface AgreementListProps {
  params: ListParams;
  onParams: (next: Partial<ListParams>) => void;
  onOpen: (id: string) => void;
}

/** The list with its filters. */
export function AgreementList({ params, onParams, onOpen }: AgreementListProps) {
  const { t, i18n } = useTranslation('independent-study');
  const locale = i18n.language;
  const query = useAgreements(params);
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap" align="end">
        <SelectField
          label={t('review.filterState')}
          value={params.state}
          choices={[
            ['', t('review.allStates')],
            ...AGREEMENT_STATES.map((s) => [s, t(`states.${s}`)] as [string, string]),
          ]}
          onChange={(v) => onParams({ state: v as AgreementState | '', page: 1 })}
          w={{ base: 'full', sm: '14rem' }}
        />
        <Stack minW={{ base: 'full', sm: '16rem' }}>
          <SearchInput
            value={params.search}
            onSearch={(search) => onParams({ search, page: 1 })}
            label={t('review.search')}
            // placeholder text of the scholar search box
            placeholder={t('review.searchPlaceholder')}
          />
        </Stack>
        <Checkbox.Root checked={params.mine} onCheckedChange={(d) => onParams({ mine: d.checked === true, page: 1 })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('review.mine')}</Checkbox.Label>
        </Checkbox.Root>
        <ExportAgreementsButton params={params} disabled={!query.data?.meta.total} />
      </HStack>
      <QueryState query={query} isEmpty={rows.length === 0} emptyText={t('review.empty')}>
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('title')}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('review.columns.scholar')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.columns.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.columns.dates')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.columns.deadline')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.columns.teacher')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((a) => (
                <Table.Row key={a.id}>
                  <Table.Cell>
                    <Button
                      variant="plain"
                      px="0"
                      color="primary.fg"
                      textDecoration="underline"
                      aria-label={t('review.open', { name: a.scholar_name })}
                      onClick={() => onOpen(a.id)}
                    >
                      {a.scholar_name}
                    </Button>
                    <Text fontSize="xs" color="fg.muted">
                      {a.student_number}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATE_COLORS[a.state]}>{t(`states.${a.state}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {t('review.dates', { from: formatDay(a.begins_on, locale), to: formatDay(a.ends_on, locale) })}
                  </Table.Cell>
                  <Table.Cell
                    color={a.overdue ? 'fg.error' : undefined}
                    fontWeight={a.overdue ? 'semibold' : undefined}
                  >
                    {a.deadline ? formatDay(a.deadline, locale) : t('review.noDeadline')}
                    {a.overdue && ` · ${t('header.overdue')}`}
                  </Table.Cell>
                  <Table.Cell>{a.teacher_name}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Pager
          page={params.page}
          perPage={params.perPage}
          total={query.data?.meta.total ?? 0}
          onPageChange={(page) => onParams({ page })}
          onPerPageChange={(perPage) => onParams({ perPage, page: 1 })}
        />
      </QueryState>
    </Stack>
  );
}
