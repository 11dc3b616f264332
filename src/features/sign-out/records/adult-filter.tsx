/**
 * The adult filter of View Records. Typing a name offers, after a pause, "any record naming it" (the API's search
 * over the stored adult's name and the reasons: an override's adult is typed at the line, not chosen) and, for those
 * who may read the pick-up lists (authorized_pick_ups-view_any), the listed adults of that name as buttons that show
 * only that adult's sign-outs (`filter[pick_up_id]`). What is chosen shows with a button back to every adult.
 */
import { Button, Field, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../../contract';
import { SearchInput } from '../../../ui/data/search-input';
import { usePickUpSearch, usePickUps } from './api/pick-ups';
import { scholarName } from './model/names';

export interface AdultFilterProps {
  /** The chosen listed adult's id, '' for none. */
  pickUpId: string;
  /** The typed name searched for, '' for none. */
  typed: string;
  scholars: Map<string, DemographicRecord>;
  canList: boolean;
  onChange: (patch: { pickUpId?: string; adult?: string }) => void;
}

function Chosen({ label, clear, onClear }: { label: string; clear: string; onClear: () => void }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Tag.Root size="lg" colorPalette="primary">
        <Tag.Label>{label}</Tag.Label>
      </Tag.Root>
      <Button size="sm" variant="outline" onClick={onClear}>
        {clear}
      </Button>
    </HStack>
  );
}

/** Search by name, pick a listed adult, or show every adult. */
export function AdultFilter({ pickUpId, typed, scholars, canList, onChange }: AdultFilterProps) {
  const { t } = useTranslation('sign-out-records');
  const [search, setSearch] = useState('');
  const chosen = usePickUps(pickUpId ? [pickUpId] : [], canList).get(pickUpId);
  const open = !pickUpId && !typed;
  const matches = usePickUpSearch(open ? search : '', canList);
  const detail = (adult: AuthorizedPickUpRecord) => {
    const scholar = scholars.get(adult.scholar_id);
    const relationship = adult.relationship ?? '';
    if (!scholar) return relationship;
    return relationship ? t('adult.ofScholar', { relationship, scholar: scholarName(scholar) }) : scholarName(scholar);
  };
  const choose = (patch: { pickUpId?: string; adult?: string }) => {
    setSearch('');
    onChange(patch);
  };

  if (!open) {
    return (
      <Stack gap="1.5" minW="16rem" flex="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('adult.search')}
        </Text>
        {pickUpId && (
          <Chosen
            label={t('adult.chosen', { name: chosen?.full_name ?? t('adult.unknownAdult') })}
            clear={t('adult.clear')}
            onClear={() => onChange({ pickUpId: '' })}
          />
        )}
        {typed && (
          <Chosen
            label={t('adult.named', { text: typed })}
            clear={t('adult.clear')}
            onClear={() => onChange({ adult: '' })}
          />
        )}
      </Stack>
    );
  }
  const text = search.trim();
  const found = text ? (matches.data ?? []) : [];
  return (
    <Field.Root minW="16rem" flex="1">
      <Field.Label>{t('adult.search')}</Field.Label>
      <SearchInput
        value={search}
        onSearch={setSearch}
        label={t('adult.search')}
        // The input's hint text (an example of what to type), translated; the label names the field.
        // The field's hint text (HTML placeholder attribute).
        placeholder={t('adult.searchPlaceholder')}
      />
      {text && (
        <Stack as="ul" aria-label={t('adult.matches')} gap="1" mt="1" listStyleType="none">
          <li>
            <Button size="xs" variant="ghost" onClick={() => choose({ adult: text, pickUpId: '' })}>
              {t('adult.byName', { text })}
            </Button>
          </li>
          {canList && matches.isFetching && !found.length && <Text fontSize="sm">{t('adult.searching')}</Text>}
          {canList && !matches.isFetching && !found.length && <Text fontSize="sm">{t('adult.noMatch')}</Text>}
          {found.map((adult) => {
            const about = detail(adult);
            return (
              <li key={adult.id}>
                <Button size="xs" variant="ghost" onClick={() => choose({ pickUpId: adult.id, adult: '' })}>
                  {about
                    ? t('adult.choose', { name: adult.full_name, detail: about })
                    : t('adult.chooseNoDetail', { name: adult.full_name })}
                </Button>
              </li>
            );
          })}
        </Stack>
      )}
    </Field.Root>
  );
}
