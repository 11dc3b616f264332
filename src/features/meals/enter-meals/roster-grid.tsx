/**
 * The grid of photos for a class that comes through together: choose a grade or a homeroom, then one tap on a face
 * records the meal. Useful when badges are forgotten and names are hard to spell; the choice stays while the screen
 * is open, since a class goes through the line in one go.
 */
import { Field, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import type { RosterIndex } from '../../../ui/roster/roster-search';
import { useSchoolWords } from '../../../ui/school-words';
import type { MealType } from '../model/meal-service';
import { rosterGroups, scholarsIn } from '../model/roster-groups';
import { ScholarButton } from '../parts/scholar-button';

export interface RosterGridProps {
  index: RosterIndex;
  mealType: MealType;
  isServed: (scholarId: string) => boolean;
  /** A value that changes whenever the answers of `isServed` may have (the grid is memoised on its props). */
  served: unknown;
  onServe: (scholar: DemographicRecord) => void;
}

/** The chooser of a grade or homeroom; memoised, so the served marks changing do not render its options again. */
const GroupSelect = memo(function GroupSelect({
  index,
  group,
  onChoose,
}: {
  index: RosterIndex;
  group: string;
  onChoose: (group: string) => void;
}) {
  const { t } = useTranslation('meals');
  const words = useSchoolWords();
  const groups = useMemo(() => rosterGroups(index), [index]);
  return (
    <Field.Root maxW="sm">
      <Field.Label>{t('grid.group')}</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field value={group} onChange={(event) => onChoose(event.target.value)}>
          <option value="">{t('grid.chooseGroup')}</option>
          <optgroup label={t('grid.grades')}>
            {groups.grades.map((g) => (
              <option key={g.key} value={g.key}>
                {t('grade', { grade: g.value })}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('grid.homerooms')}>
            {groups.homerooms.map((g) => (
              <option key={g.key} value={g.key}>
                {t('grid.homeroom', { homeroom: words.homeroom(g.value) })}
              </option>
            ))}
          </optgroup>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
});

/** The group chooser and the photos of the chosen group. */
export const RosterGrid = memo(function RosterGrid({ index, mealType, isServed, onServe }: RosterGridProps) {
  const { t } = useTranslation('meals');
  const [group, setGroup] = useState('');
  const scholars = useMemo(() => (group ? scholarsIn(index, group) : []), [index, group]);
  return (
    <Stack gap="3">
      <GroupSelect index={index} group={group} onChoose={setGroup} />
      {scholars.length > 0 && (
        <SimpleGrid as="ul" aria-label={t('grid.photos')} minChildWidth="9rem" gap="2" listStyleType="none">
          {scholars.map((scholar) => (
            <li key={scholar.id}>
              <ScholarButton
                scholar={scholar}
                mealType={mealType}
                served={isServed(scholar.id)}
                layout="tile"
                onServe={onServe}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
});
