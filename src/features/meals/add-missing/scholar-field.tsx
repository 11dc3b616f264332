/**
 * Choosing the scholar of a missing meal from the roster on the device: a search box (names without their accents,
 * or a student number) narrows a native list, which suits touch screens and thousands of scholars alike. The chosen
 * scholar stays in the list whatever the search.
 */
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { type RosterIndex, searchRoster } from '../../../ui/roster/roster-search';

/** How many scholars the list offers at most. */
const LIMIT = 50;

export interface ScholarFieldProps {
  index: RosterIndex;
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}

/** Search box and list. */
export function ScholarField({ index, value, error, onChange }: ScholarFieldProps) {
  const { t } = useTranslation('meals');
  const [search, setSearch] = useState('');
  const options = useMemo(() => {
    const found: DemographicRecord[] = search.trim()
      ? searchRoster(index, search, LIMIT).scholars
      : index.entries.slice(0, LIMIT).map((e) => e.scholar);
    const chosen = index.byId.get(value);
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  }, [index, search, value]);
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{t('missing.scholarSearch')}</Field.Label>
        <Input
          type="search"
          autoComplete="off"
          value={search}
          // The input's hint text (an example of what to type), translated; the label names the field.
          placeholder={t('missing.scholarSearchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field.Root>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>
          {t('missing.scholar')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('missing.chooseScholar')}</option>
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.lname}, ${s.fname} · ${t('grade', { grade: s.grade })} · #${s.student_number}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
