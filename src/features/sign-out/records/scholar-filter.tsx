/**
 * The scholar filter of View Records: a search by name or student number (`GET v2/demographics?search=`, after a
 * pause in typing) offering a few matches as buttons; the chosen scholar then shows with a button back to everyone.
 */
import { Button, Field, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScholarSearch } from '../../../api/list-scholars';
import type { DemographicRecord } from '../../../contract';
import { SearchInput } from '../../../ui/data/search-input';
import { scholarName } from './model/names';

export interface ScholarFilterProps {
  /** The chosen scholar's id, '' for everyone. */
  value: string;
  /** The chosen scholar, when the roster has them. */
  chosen: DemographicRecord | undefined;
  onChange: (scholarId: string) => void;
}

/** Search and pick one scholar, or show everyone. */
export function ScholarFilter({ value, chosen, onChange }: ScholarFilterProps) {
  const { t } = useTranslation('sign-out-records');
  const [search, setSearch] = useState('');
  const matches = useScholarSearch(value ? '' : search);
  if (value) {
    const name = chosen ? scholarName(chosen) : t('table.unknownScholar');
    return (
      <Stack gap="1.5" minW="16rem" flex="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('scholar.search')}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Tag.Root size="lg" colorPalette="primary">
            <Tag.Label>{t('scholar.chosen', { name })}</Tag.Label>
          </Tag.Root>
          <Button size="sm" variant="outline" onClick={() => onChange('')}>
            {t('scholar.clear')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  const found = search.trim() ? (matches.data ?? []) : [];
  return (
    <Field.Root minW="16rem" flex="1">
      <Field.Label>{t('scholar.search')}</Field.Label>
      <SearchInput
        value={search}
        onSearch={setSearch}
        label={t('scholar.search')}
        // The input's hint text (an example of what to type), translated; the label names the field.
        placeholder={t('scholar.searchPlaceholder')}
      />
      {search.trim() && (
        <Stack as="ul" aria-label={t('scholar.matches')} gap="1" mt="1" listStyleType="none">
          {matches.isFetching && !found.length && <Text fontSize="sm">{t('scholar.searching')}</Text>}
          {!matches.isFetching && !found.length && <Text fontSize="sm">{t('scholar.noMatch')}</Text>}
          {found.map((s) => (
            <li key={s.id}>
              <Button
                size="xs"
                variant="ghost"
                aria-label={t('scholar.choose', { name: scholarName(s) })}
                onClick={() => {
                  setSearch('');
                  onChange(s.id);
                }}
              >
                {`${scholarName(s)} · ${s.grade} · #${s.student_number}`}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Field.Root>
  );
}
