/** One page of records, sortable by time through its column header, scrolling sideways on a narrow screen. */
import { Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord, CheckInRecord, DemographicRecord } from '../../../contract';
import { SortHeader } from '../../../ui/data/sort-header';
import { adultName } from './model/names';
import { RecordRow } from './record-row';

export interface RecordsTableProps {
  records: readonly CheckInRecord[];
  scholars: Map<string, DemographicRecord>;
  pickUps: Map<string, AuthorizedPickUpRecord>;
  timeZone: string;
  sort: string;
  onSortChange: (sort: string) => void;
}

/** The records table. */
export function RecordsTable({ records, scholars, pickUps, timeZone, sort, onSortChange }: RecordsTableProps) {
  const { t } = useTranslation('sign-out-records');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{t('table.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <SortHeader field="occurred_at" sort={sort} onSortChange={onSortChange}>
              {t('table.time')}
            </SortHeader>
            <Table.ColumnHeader>{t('table.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.scholar')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.adult')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.method')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.reason')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((record) => (
            <RecordRow
              key={record.id}
              record={record}
              scholar={scholars.get(record.scholar_id)}
              adult={adultName(record, pickUps)}
              timeZone={timeZone}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
