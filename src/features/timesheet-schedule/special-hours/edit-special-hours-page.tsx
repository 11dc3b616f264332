/**
 * Edit Special Hours (/timesheet-schedule/edit-special, issue T1 item 4): hours for a date or a range, for one person,
 * several or everyone, that replace the day's hours (a minimum day) or add to them (a conference night). The list is
 * filtered by dates (from today to the end of the school year at first), by kind and by person, with the filters in
 * the address so a reload or a link keeps them; adding, changing and deleting take the section's permissions.
 */
import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { SpecialHoursRecord } from '../../../contract';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SelectField } from '../../../ui/form/select-field';
import { addNotification } from '../../../ui/notifications';
import { schoolDayOf } from '../../../ui/school-clock';
import { datesText } from '../model/date-range';
import { schoolYearOf } from '../model/school-year';
import { StaffPicker } from '../parts/staff-picker';
import { useErrorText } from '../parts/use-form-errors';
import { SpecialHoursDialog } from './special-hours-dialog';
import { SpecialHoursList } from './special-hours-list';
import { useAllStaff, useSpecialHours, useSpecialWrites } from './use-special-hours';

const PER_PAGE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface EditSpecialHoursPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function EditSpecialHoursPage({ permissions }: EditSpecialHoursPageProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'special' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const today = schoolDayOf(Date.now(), useSchoolTimeZone());
  const [params, setParams] = useSearchParams();
  const from = DAY.test(params.get('from') ?? '') ? (params.get('from') as string) : today;
  const to = DAY.test(params.get('to') ?? '') ? (params.get('to') as string) : schoolYearOf(today).end;
  const mode = ['add', 'replace'].includes(params.get('mode') ?? '') ? (params.get('mode') as string) : '';
  const staffId = params.get('staff') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const change = (values: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in values)) next.delete('page');
        return next;
      },
      { replace: true },
    );

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
          <Field.Root w={{ base: 'full', sm: '44' }}>
            <Field.Label>{t('from')}</Field.Label>
            <Input
              type="date"
              value={from}
              onChange={(e) => DAY.test(e.target.value) && change({ from: e.target.value })}
            />
          </Field.Root>
          <Field.Root w={{ base: 'full', sm: '44' }}>
            <Field.Label>{t('to')}</Field.Label>
            <Input
              type="date"
              value={to}
              onChange={(e) => DAY.test(e.target.value) && change({ to: e.target.value })}
            />
          </Field.Root>
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
      <ConfirmDialog
        target={deleting}
        title={t('deleteTitle')}
        body={(row) => <Text>{t('deleteBody', { name: row.name, dates: datesText(row, i18n.language) })}</Text>}
        error={errorText(remove.error)}
        cancelLabel={tc('actions.cancel')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={(row) =>
          remove.mutate(row.id, {
            onSuccess: () => {
              addNotification({ type: 'success', text: t('deleted', { name: row.name }) });
              setDeleting(null);
              remove.reset();
            },
          })
        }
        onDismiss={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </Stack>
  );
}
