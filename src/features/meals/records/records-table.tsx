/**
 * One page of meal records, sortable by time served and by service through the column headers, scrolling sideways
 * on a narrow screen.
 */
import { Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord, NslpRecord } from '../../../contract';
import { SortHeader } from '../../../ui/data/sort-header';
import { RecordRow } from './record-row';

export interface RecordsTableProps {
  records: NslpRecord[];
  scholars: Map<string, DemographicRecord>;
  timeZone: string;
  sort: string;
  onSortChange: (sort: string) => void;
  showEligibility: boolean;
  onVoid?: (record: NslpRecord) => void;
}

/** The records table. */
export function RecordsTable({
  records,
  scholars,
  timeZone,
  sort,
  onSortChange,
  showEligibility,
  onVoid,
}: RecordsTableProps) {
  const { t } = useTranslation('meal-records');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{t('table.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <SortHeader field="served_at" sort={sort} onSortChange={onSortChange}>
              {t('table.served')}
            </SortHeader>
            <SortHeader field="meal_type" sort={sort} onSortChange={onSortChange}>
              {t('table.service')}
            </SortHeader>
            <Table.ColumnHeader>{t('table.scholar')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.grade')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.homeroom')}</Table.ColumnHeader>
            {showEligibility && <Table.ColumnHeader>{t('table.eligibility')}</Table.ColumnHeader>}
            <Table.ColumnHeader>{t('table.notes')}</Table.ColumnHeader>
            {onVoid && <Table.ColumnHeader textAlign="end">{t('table.actions')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((record) => (
            <RecordRow
              key={record.id}
              record={record}
              scholar={scholars.get(record.scholar_id)}
              timeZone={timeZone}
              showEligibility={showEligibility}
              onVoid={onVoid}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
