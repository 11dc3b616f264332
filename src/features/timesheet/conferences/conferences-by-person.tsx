/** Conference hours by person: each person's dates, records and worked hours, and the totals in the footer. */
import { Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import type { ConferenceTotals } from './model/conference-groups';

/** The table of people. */
export function ConferencesByPerson({ totals }: { totals: ConferenceTotals }) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'conferences' });
  const records = totals.byPerson.reduce((sum, p) => sum + p.records, 0);
  return (
    <Table.Root size="sm">
      <Table.Caption srOnly>{t('personCaption')}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('person')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('nights')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('records')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('worked')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {totals.byPerson.map((p) => (
          <Table.Row key={p.userId}>
            <Table.Cell>{p.name}</Table.Cell>
            <Table.Cell textAlign="end">{p.dates}</Table.Cell>
            <Table.Cell textAlign="end">{p.records}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {formatMinutes(p.minutes)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
      <Table.Footer>
        <Table.Row fontWeight="semibold" bg="bg.muted">
          <Table.Cell>{t('total')}</Table.Cell>
          <Table.Cell textAlign="end">{totals.dates}</Table.Cell>
          <Table.Cell textAlign="end">{records}</Table.Cell>
          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
            {formatMinutes(totals.minutes)}
          </Table.Cell>
        </Table.Row>
      </Table.Footer>
    </Table.Root>
  );
}
