/**
 * The person filter of a report: everyone, or one of the people the summary lists (a native select: it suits phones
 * and needs no positioning code). The choice lives in the address (`?staff=`); the report filters the answer it has,
 * so changing the person fetches nothing. A person chosen in a link who is not in the answer still shows, by id, so
 * the filter never silently widens to everyone.
 */
import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PersonFilterProps {
  people: readonly { user_id: string; user_name: string }[];
  value: string | null;
  onChange: (userId: string | null) => void;
}

/** The select with its label. */
export function PersonFilter({ people, value, onChange }: PersonFilterProps) {
  const { t } = useTranslation('timesheet-reports', { keyPrefix: 'person' });
  const missing = value !== null && !people.some((p) => p.user_id === value);
  return (
    <Field.Root w={{ base: 'full', sm: '72' }} data-screen-only="">
      <Field.Label>{t('label')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
          <option value="">{t('everyone')}</option>
          {missing && <option value={value}>{t('unknown')}</option>}
          {people.map((p) => (
            <option key={p.user_id} value={p.user_id}>
              {p.user_name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
