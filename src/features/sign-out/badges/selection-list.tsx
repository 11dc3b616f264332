/**
 * Choosing scholars one by one for badges: a search (name or student number, accents ignored) over the roster, a
 * page of twenty with a checkbox each, and how many are ticked with a way to clear them. Ticks stay across searches
 * and pages.
 */
import { Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { Pager } from '../../../ui/data/pager';
import { SearchInput } from '../../../ui/data/search-input';
import { scholarName } from '../pick-ups/scholar-search';

const PER_PAGE = 20;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The scholars whose name or student number holds every word of the search. */
export function matchScholars(roster: readonly DemographicRecord[], search: string): readonly DemographicRecord[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (!words.length) return roster;
  return roster.filter((s) => {
    const text = fold(`${s.fname} ${s.nickname ?? ''} ${s.lname} ${s.student_number}`);
    return words.every((w) => text.includes(w));
  });
}

export interface SelectionListProps {
  roster: readonly DemographicRecord[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onClear: () => void;
}

/** Search, checkboxes and pager. */
export function SelectionList({ roster, selected, onToggle, onClear }: SelectionListProps) {
  const { t } = useTranslation('pick-ups');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const found = useMemo(() => matchScholars(roster, search), [roster, search]);
  const shown = found.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  return (
    <Stack gap="3" data-badge-screen-only="">
      <SearchInput
        value={search}
        label={t('badges.searchLabel')}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <HStack justify="space-between">
        <Text>{t('badges.selectedCount', { count: selected.size })}</Text>
        <Button size="sm" variant="outline" disabled={selected.size === 0} onClick={onClear}>
          {t('badges.clearSelection')}
        </Button>
      </HStack>
      {shown.length === 0 ? (
        <Text color="fg.muted">{t('badges.noMatch')}</Text>
      ) : (
        <Stack gap="1" role="group" aria-label={t('badges.scholarsFound')}>
          {shown.map((s) => (
            <Checkbox.Root
              key={s.id}
              checked={selected.has(s.id)}
              onCheckedChange={(d) => onToggle(s.id, d.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {scholarName(s)}{' '}
                <Text as="span" color="fg.muted" fontSize="sm">
                  {t('scholars.details', { grade: s.grade, number: s.student_number })}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
      {found.length > PER_PAGE && <Pager page={page} perPage={PER_PAGE} total={found.length} onPageChange={setPage} />}
    </Stack>
  );
}
