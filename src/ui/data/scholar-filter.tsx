/**
 * The scholar filter of the records screens: a search by name or student number (`GET v2/demographics?search=`, after
 * a pause in typing) offering a few matches as buttons; the chosen scholar then shows with a button back to everyone.
 * The screen gives the texts (in its own namespace).
 */
import { Button, Field, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useScholarSearch } from '../../api/list-scholars';
import type { DemographicRecord } from '../../contract';
import { scholarName } from '../roster/scholar-name';
import { SearchInput } from './search-input';

export interface ScholarFilterTexts {
  /** The field's label. */
  search: string;
  /** The input's hint text (an example of what to type). */
  placeholder: string;
  /** The name of the list of matches. */
  matches: string;
  searching: string;
  noMatch: string;
  /** The button back to everyone. */
  clear: string;
  /** The chosen scholar's name when the roster does not have them. */
  unknownScholar: string;
  /** The tag of the chosen scholar. */
  chosen: (name: string) => string;
  /** The accessible name of a match's button. */
  choose: (name: string) => string;
}

export interface ScholarFilterProps {
  /** The chosen scholar's id, '' for everyone. */
  value: string;
  /** The chosen scholar, when the roster has them. */
  chosen: DemographicRecord | undefined;
  onChange: (scholarId: string) => void;
  texts: ScholarFilterTexts;
  /** The filter's least width, so that it lines up with the screen's other filters. */
  minW: string;
}

/** Search and pick one scholar, or show everyone. */
export function ScholarFilter({ value, chosen, onChange, texts, minW }: ScholarFilterProps) {
  const [search, setSearch] = useState('');
  const matches = useScholarSearch(value ? '' : search);
  const listId = useId();
  if (value) {
    const name = chosen ? scholarName(chosen) : texts.unknownScholar;
    return (
      <Stack gap="1.5" minW={minW} flex="1">
        <Text fontSize="sm" fontWeight="medium">
          {texts.search}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Tag.Root size="lg" colorPalette="primary">
            <Tag.Label>{texts.chosen(name)}</Tag.Label>
          </Tag.Root>
          <Button size="sm" variant="outline" onClick={() => onChange('')}>
            {texts.clear}
          </Button>
        </HStack>
      </Stack>
    );
  }
  const found = search.trim() ? (matches.data ?? []) : [];
  return (
    <Field.Root minW={minW} flex="1">
      <Field.Label>{texts.search}</Field.Label>
      <SearchInput value={search} onSearch={setSearch} label={texts.search} placeholder={texts.placeholder} />
      {search.trim() && (
        <Stack as="ul" id={listId} aria-label={texts.matches} gap="1" mt="1" listStyleType="none">
          {matches.isFetching && !found.length && <Text fontSize="sm">{texts.searching}</Text>}
          {!matches.isFetching && !found.length && <Text fontSize="sm">{texts.noMatch}</Text>}
          {found.map((s) => (
            <li key={s.id}>
              <Button
                size="xs"
                variant="ghost"
                aria-label={texts.choose(scholarName(s))}
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
