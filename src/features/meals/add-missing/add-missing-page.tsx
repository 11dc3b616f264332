/**
 * Add Missing (/meals/add-meals-missing): a meal served but not recorded at the line (a paper roster, a
 * scanner that was down), entered afterwards for today or an earlier day with the reason, and marked as added as
 * missing for the claim's audit trail. The scholar is chosen from the device's roster; the meal is sent online
 * (use-add-missing.ts says why).
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LocalDataBoundary, RosterGate, StationNotices } from '../../../ui/roster/roster-gate';
import { useMealDay, useNow } from '../station/use-meal-day';
import { AddMissingForm } from './add-missing-form';

function AddMissing() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('meals');
  const now = useNow();
  const day = useMealDay(now);
  return (
    <Stack gap="4" maxW="4xl" mx="auto">
      <Heading as="h1" size="2xl">
        {t('sections.addMealsMissing')}
      </Heading>
      <Text color="fg.muted">{tm('missing.intro')}</Text>
      <StationNotices day={day} offlineText={tm('missing.needsConnection')} />
      <RosterGate day={day}>
        <AddMissingForm day={day} now={now} />
      </RosterGate>
    </Stack>
  );
}

/** The Add Missing screen. */
export default function AddMissingPage() {
  return (
    <LocalDataBoundary>
      <AddMissing />
    </LocalDataBoundary>
  );
}
