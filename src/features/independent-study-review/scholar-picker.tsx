/** The new agreement's scholar: a search by name or student number offering a few matches, then the chosen one. */
import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScholarSearch } from '../../api/list-scholars';
import { SearchInput } from '../../ui/data/search-input';

export interface ScholarPickerProps {
  chosen: { id: string; name: string } | null;
  onChange: (scholar: { id: string; name: string } | null) => void;
  error?: string;
}

/** The picker. */
export function ScholarPicker({ chosen, onChange, error }: ScholarPickerProps) {
  const { t } = useTranslation('independent-study');
  const [search, setSearch] = useState('');
  const matches = useScholarSearch(chosen ? '' : search);
  if (chosen) {
    return (
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="semibold">{t('review.form.chosenScholar', { name: chosen.name })}</Text>
        <Button size="sm" variant="outline" onClick={() => onChange(null)}>
          {t('review.form.changeScholar')}
        </Button>
      </HStack>
    );
  }
  const list = search.trim() ? (matches.data ?? []) : [];
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Stack gap="2" w="full">
        <SearchInput
          value={search}
          onSearch={setSearch}
          label={t('review.form.scholarSearch')}
          // placeholder text of the scholar search box
          placeholder={t('review.form.scholarPlaceholder')}
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {list.map((s) => {
            const name = `${s.fname} ${s.lname}`;
            return (
              <li key={s.id}>
                <Button size="sm" variant="outline" onClick={() => onChange({ id: s.id, name })}>
                  {t('review.form.chooseScholar', { name: `${name} (${s.student_number})` })}
                </Button>
              </li>
            );
          })}
        </Stack>
        {search.trim() && matches.isSuccess && list.length === 0 && <Text>{t('review.form.noMatch')}</Text>}
      </Stack>
    </Field.Root>
  );
}
