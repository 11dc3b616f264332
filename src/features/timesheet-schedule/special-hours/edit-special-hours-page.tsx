/**
 * Edit Special Hours (/timesheet-schedule/edit-special): hours for a date or a range, for one person,
 * several or everyone, that replace the day's hours (a minimum day) or add to them (a conference night). The list is
 * filtered by dates (from today to the end of the school year at first), by kind and by person, with the filters in
 * the address so a reload or a link keeps them; adding, changing and deleting take the section's permissions.
 */
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { SpecialHoursRecord } from '../../../contract';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SelectField } from '../../../ui/form/select-field';
import { schoolDayOf } from '../../../ui/school-clock';
import { StaffPicker } from '../../../ui/timekeeping/staff-picker';
import { datesText } from '../model/date-range';
import { schoolYearOf } from '../model/school-year';
import { DateRangeFields } from '../parts/date-range-fields';
import { DeleteDialog } from '../parts/delete-dialog';
import { useUrlParams } from '../parts/use-url-params';
import { SpecialHoursDialog } from './special-hours-dialog';
import { SpecialHoursList } from './special-hours-list';
import { useAllStaff, useSpecialHours, useSpecialWrites } from './use-special-hours';

const PER_PAGE = 25;

export interface EditSpecialHoursPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function EditSpecialHoursPage({ permissions }: EditSpecialHoursPageProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'special' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const { t: tc } = useTranslation();
  const today = schoolDayOf(Date.now(), useSchoolTimeZone());
  const { params, change, day, page } = useUrlParams();
  const from = day('from', today);
  const to = day('to', schoolYearOf(today).end);
  const mode = ['add', 'replace'].includes(params.get('mode') ?? '') ? (params.get('mode') as string) : '';
  const staffId = params.get('staff') ?? '';

  const staff = useAllStaff();
  const staffMap = staff.data ?? new Map();
  const list = useSpecialHours({
    filter: { from, to: to >= from ? to : from, mode: mode || undefined, user_id: staffId || undefined },
    sort: 'starts_on',
    page,
    per_page: PER_PAGE,
  });
  const [editing, setEditing] = useState<SpecialHoursRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SpecialHoursRecord | null>(null);
  const { remove } = useSpecialWrites();
  const can = (action: 'create' | 'update' | 'delete') => permissions.includes(`timesheet_schedules-${action}`);
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {tc('sections.editSpecialHours')}
      </Heading>
      <Text>{t('intro')}</Text>
      <Stack as="section" aria-label={t('filters')} gap="3">
        <HStack gap="3" wrap="wrap" align="flex-end">
          <DateRangeFields from={from} to={to} onChange={(values) => change(values as Record<string, string>)} />
          <SelectField
            label={t('kind')}
            value={mode}
            w={{ base: 'full', sm: '56' }}
            choices={[
              ['', t('allKinds')],
              ['add', ts('modes.add')],
              ['replace', ts('modes.replace')],
            ]}
            onChange={(value) => change({ mode: value })}
          />
        </HStack>
        <StaffPicker
          label={t('person')}
          value={staffId ? (staffMap.get(staffId) ?? null) : null}
          onChange={(person) => change({ staff: person?.id ?? '' })}
        />
        {staffId && !staffMap.has(staffId) && staff.isSuccess && (
          <HStack gap="2" wrap="wrap">
            <Text>{t('unknownPerson')}</Text>
            <Button size="sm" variant="outline" onClick={() => change({ staff: '' })}>
              {ts('staff.change')}
            </Button>
          </HStack>
        )}
      </Stack>
      {can('create') && (
        <Button alignSelf="flex-start" colorPalette="primary" onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      )}
      <QueryState query={list} isEmpty={rows.length === 0} emptyText={t('empty')} offlineText={ts('offline')}>
        <SpecialHoursList
          rows={rows}
          staff={staffMap}
          onEdit={can('update') ? setEditing : null}
          onDelete={can('delete') ? setDeleting : null}
        />
        <Pager
          page={page}
          perPage={PER_PAGE}
          total={list.data?.meta.total ?? 0}
          onPageChange={(next) => change({ page: String(next) })}
        />
      </QueryState>
      <SpecialHoursDialog editing={editing} today={today} staff={staffMap} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t('deleteTitle')}
        body={(row) => t('deleteBody', { name: row.name, dates: datesText(row, i18n.language) })}
        deleted={(row) => t('deleted', { name: row.name })}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
