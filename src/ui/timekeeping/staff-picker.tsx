/**
 * Finds staff members by name or email (after a pause in typing) and offers a few matches as buttons. `StaffPicker`
 * chooses one person (the chosen one shows with a button to change); `StaffMultiPicker` chooses several, each shown
 * as a tag with a button to take them off. Texts from the `timesheet-schedule` namespace.
 */
import { Button, Field, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimekeepingStaffRecord } from '../../contract';
import { SearchInput } from '../data/search-input';
import { formatMinutes, staffName } from './hours';
import { useStaffSearch } from './use-staff-search';

interface MatchesProps {
  search: string;
  /** People already chosen, left out of the matches. */
  exclude: readonly string[];
  onChoose: (staff: TimekeepingStaffRecord) => void;
}

function Matches({ search, exclude, onChoose }: MatchesProps) {
  const { t } = useTranslation('timesheet-schedule');
  const matches = useStaffSearch(search);
  const listId = useId();
  if (!search.trim()) return null;
  const found = (matches.data ?? []).filter((s) => !exclude.includes(s.id));
  return (
    <Stack as="ul" id={listId} aria-label={t('staff.matches')} gap="1" mt="1" listStyleType="none">
      {matches.isError && <Text fontSize="sm">{t('staff.searchFailed')}</Text>}
      {!matches.isError && matches.isFetching && !found.length && <Text fontSize="sm">{t('staff.searching')}</Text>}
      {!matches.isError && !matches.isFetching && !found.length && <Text fontSize="sm">{t('staff.noMatch')}</Text>}
      {found.map((s) => (
        <li key={s.id}>
          <Button
            size="sm"
            variant="ghost"
            minH="10"
            h="auto"
            whiteSpace="normal"
            textAlign="start"
            justifyContent="flex-start"
            aria-label={t('staff.choose', { name: staffName(s) })}
            onClick={() => onChoose(s)}
          >
            {s.current_schedule
              ? t('staff.matchWithWeek', {
                  name: staffName(s),
                  email: s.email,
                  hours: formatMinutes(s.current_schedule.weekly_minutes),
                })
              : t('staff.matchNoWeek', { name: staffName(s), email: s.email })}
          </Button>
        </li>
      ))}
    </Stack>
  );
}

export interface StaffPickerProps {
  /** The field's label ('Staff member'). */
  label: string;
  value: TimekeepingStaffRecord | null;
  onChange: (staff: TimekeepingStaffRecord | null) => void;
  /** The field's error, if any (a form's 422). */
  error?: string;
}

/** Choose one staff member. */
export function StaffPicker({ label, value, onChange, error }: StaffPickerProps) {
  const { t } = useTranslation('timesheet-schedule');
  const [search, setSearch] = useState('');
  if (value) {
    return (
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Tag.Root size="lg" colorPalette="primary">
            <Tag.Label>{staffName(value)}</Tag.Label>
          </Tag.Root>
          <Button size="sm" variant="outline" minH="10" onClick={() => onChange(null)}>
            {t('staff.change')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <SearchInput
        value={search}
        onSearch={setSearch}
        label={label}
        // The HTML placeholder attribute: the translated hint ('Name or email') shown in the empty box.
        placeholder={t('staff.searchPlaceholder')}
      />
      <Matches
        search={search}
        exclude={[]}
        onChoose={(staff) => {
          setSearch('');
          onChange(staff);
        }}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface StaffMultiPickerProps {
  label: string;
  value: readonly TimekeepingStaffRecord[];
  onChange: (staff: TimekeepingStaffRecord[]) => void;
  /** People who may not be chosen (the person copied from, say). */
  exclude?: readonly string[];
  error?: string;
}

/** Choose several staff members. */
export function StaffMultiPicker({ label, value, onChange, exclude = [], error }: StaffMultiPickerProps) {
  const { t } = useTranslation('timesheet-schedule');
  const [search, setSearch] = useState('');
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {value.length > 0 && (
        <HStack
          as="ul"
          aria-label={t('staff.chosen', { count: value.length })}
          gap="2"
          wrap="wrap"
          listStyleType="none"
        >
          {value.map((s) => (
            <li key={s.id}>
              <Tag.Root size="lg" colorPalette="primary">
                <Tag.Label>{staffName(s)}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={t('staff.remove', { name: staffName(s) })}
                    onClick={() => onChange(value.filter((v) => v.id !== s.id))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            </li>
          ))}
        </HStack>
      )}
      <SearchInput
        value={search}
        onSearch={setSearch}
        label={label}
        // The HTML placeholder attribute: the translated hint ('Name or email') shown in the empty box.
        placeholder={t('staff.searchPlaceholder')}
      />
      <Matches
        search={search}
        exclude={[...exclude, ...value.map((v) => v.id)]}
        onChoose={(staff) => onChange([...value, staff])}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
