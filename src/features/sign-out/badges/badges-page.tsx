/**
 * Badges (/sign-out/badges): QR badge cards for a class (grade, homeroom) or a selection of scholars, eight
 * to a Letter or A4 sheet, printed with the browser's Print. The QR holds the scholar's opaque badge code only (no
 * personal data); the sign-out scanners look it up. A scholar without a badge code is named and left out. The roster
 * comes from the server (the office prints at a desktop); the photos from the device when it has them.
 */
import { Alert, Button, Field, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GRADES } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { useBadgeRoster } from '../api/pick-ups-queries';
import { scholarName } from '../pick-ups/scholar-search';
import { homeroomsOf, PAPERS, type Paper, toSheets } from './badge-sheets';
import { BadgeSheetsView } from './badge-sheets-view';
import { SelectionList } from './selection-list';
import { type BadgeMode, useBadgeChoice } from './use-badge-choice';

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The screen. */
export default function BadgesPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('pick-ups');
  const roster = useBadgeRoster();
  const scholars = roster.data ?? [];
  const choice = useBadgeChoice(scholars);
  const grades = useMemo(() => GRADES.filter((g) => scholars.some((s) => s.grade === g)), [scholars]);
  const rooms = useMemo(() => homeroomsOf(scholars, choice.grade), [scholars, choice.grade]);
  const sheets = toSheets(choice.printable).length;

  return (
    <Stack gap="4" maxW="6xl" mx="auto">
      <Heading as="h1" size="2xl" data-badge-screen-only="">
        {t('sections.badges')}
      </Heading>
      <Text color="fg.muted">{tp('badges.intro')}</Text>
      <QueryState
        query={roster}
        isEmpty={scholars.length === 0}
        emptyText={tp('badges.noScholars')}
        offlineText={tp('badges.offline')}
      >
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
          <Choice<BadgeMode>
            label={tp('badges.for')}
            value={choice.mode}
            onChange={choice.setMode}
            options={[
              { value: 'class', label: tp('badges.forClass') },
              { value: 'selection', label: tp('badges.forSelection') },
            ]}
          />
          {choice.mode === 'class' && (
            <>
              <Choice
                label={tp('badges.gradeLabel')}
                value={choice.grade}
                onChange={choice.setGrade}
                options={[
                  { value: '', label: tp('badges.allGrades') },
                  ...grades.map((g) => ({ value: g, label: tp('badges.grade', { grade: g }) })),
                ]}
              />
              <Choice
                label={tp('badges.homeroomLabel')}
                value={choice.homeroom}
                onChange={choice.setHomeroom}
                options={[
                  { value: '', label: tp('badges.allHomerooms') },
                  ...rooms.map((r) => ({ value: r, label: r })),
                ]}
              />
            </>
          )}
          <Choice<Paper>
            label={tp('badges.paper')}
            value={choice.paper}
            onChange={choice.setPaper}
            options={PAPERS.map((p) => ({ value: p, label: tp(`badges.papers.${p}`) }))}
          />
        </SimpleGrid>
        {choice.mode === 'selection' && (
          <SelectionList
            roster={scholars}
            selected={choice.selected}
            onToggle={choice.toggle}
            onClear={choice.clearSelection}
          />
        )}
        {choice.noCode.length > 0 && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              {tp('badges.noCode', {
                count: choice.noCode.length,
                names: choice.noCode.map(scholarName).join(', '),
              })}
            </Alert.Description>
          </Alert.Root>
        )}
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text role="status">
            {choice.needsClass
              ? tp('badges.chooseClass')
              : `${tp('badges.cards', { count: choice.printable.length })} · ${tp('badges.sheets', { count: sheets })}`}
          </Text>
          <Button colorPalette="primary" disabled={choice.printable.length === 0} onClick={() => window.print()}>
            {tp('badges.print')}
          </Button>
        </HStack>
        {choice.printable.length > 0 && <BadgeSheetsView scholars={choice.printable} paper={choice.paper} />}
      </QueryState>
    </Stack>
  );
}
