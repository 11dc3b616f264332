/**
 * The scholar filter of the records screens: a search by name or student number (`GET v2/demographics?search=`, after
 * a pause in typing) offering a few matches as buttons; the chosen scholar then shows with a button back to everyone.
 * The texts come from the screen's own namespace, under the same keys.
 */
import { Button, Field, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScholarSearch } from '../../api/list-scholars';
import type { DemographicRecord } from '../../contract';
import { scholarName } from '../roster/scholar-name';
import { SearchInput } from './search-input';

export interface ScholarFilterProps {
  /** The chosen scholar's id, '' for everyone. */
  value: string;
  /** The chosen scholar, when the roster has them. */
  chosen: DemographicRecord | undefined;
  onChange: (scholarId: string) => void;
  /**
   * The screen's translation namespace: it has the keys scholar.search, scholar.searchPlaceholder, scholar.matches,
   * scholar.searching, scholar.noMatch, scholar.clear, scholar.chosen, scholar.choose and table.unknownScholar.
   */
  namespace: 'meal-records' | 'sign-out-records';
  /** The filter's least width, so that it lines up with the screen's other filters. */
  minW: string;
}

/** Search and pick one scholar, or show everyone. */
export function ScholarFilter({ value, chosen, onChange, namespace, minW }: ScholarFilterProps) {
  const { t } = useTranslation(namespace);
  const [search, setSearch] = useState('');
  const matches = useScholarSearch(value ? '' : search);
  const listId = useId();
  if (value) {
    const name = chosen ? scholarName(chosen) : t('table.unknownScholar');
    return (
      <Stack gap="1.5" minW={minW} flex="1">
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
    <Field.Root minW={minW} flex="1">
      <Field.Label>{t('scholar.search')}</Field.Label>
      <SearchInput
        value={search}
        onSearch={setSearch}
        label={t('scholar.search')}
        // The field's hint text (HTML placeholder attribute).
        placeholder={t('scholar.searchPlaceholder')}
      />
      {search.trim() && (
        <Stack as="ul" id={listId} aria-label={t('scholar.matches')} gap="1" mt="1" listStyleType="none">
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
