/**
 * Choosing the duty's scholar from the roster on the device: a search box narrows a native list (names without
 * their accents, or a student number), which suits touch screens and 600 to 5,000 scholars alike. The chosen
 * scholar stays in the list whatever the search.
 */
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';

/** How many matches the list offers at most. */
const LIMIT = 50;

/** Lower case without accents, for matching what is typed. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();
}

/** The scholars matching the search (at most LIMIT), with the chosen one always among them. */
export function pickable(
  scholars: readonly { scholar: DemographicRecord; key: string }[],
  search: string,
  chosen: string,
): DemographicRecord[] {
  const folded = foldText(search);
  const out = scholars
    .filter((s) => !folded || s.key.includes(folded))
    .slice(0, LIMIT)
    .map((s) => s.scholar);
  const selected = scholars.find((s) => s.scholar.id === chosen)?.scholar;
  return selected && !out.includes(selected) ? [selected, ...out] : out;
}

export interface ScholarPickerProps {
  scholars: readonly DemographicRecord[];
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}

/** Search box and list. */
export function ScholarPicker({ scholars, value, error, onChange }: ScholarPickerProps) {
  const { t } = useTranslation('messenger');
  const [search, setSearch] = useState('');
  const keyed = useMemo(
    () =>
      scholars.map((scholar) => ({
        scholar,
        key: foldText(`${scholar.fname} ${scholar.lname} ${scholar.student_number}`),
      })),
    [scholars],
  );
  const options = useMemo(() => pickable(keyed, search, value), [keyed, search, value]);
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{t('form.scholarSearch')}</Field.Label>
        <Input
          type="search"
          autoComplete="off"
          value={search}
          placeholder={t('form.scholarSearchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field.Root>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>
          {t('form.scholar')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('form.chooseScholar')}</option>
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.lname}, ${s.fname} · ${s.grade} · #${s.student_number}`}
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
