/**
 * Enter Meals (/meals, issue F6): the cafeteria tablet's serving line. Each scholar is recorded in one action (a
 * badge read, a name or number typed, a photo tapped), at most one reimbursable meal of each service per scholar per
 * day, decided on the device from the local records so it works offline; every meal goes through the outbox. Meal
 * eligibility is not on this device's roster and never shows here (DESIGN section 7).
 */
import { Heading, Stack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDataBoundary, RosterGate, StationNotices } from '../../../ui/roster/roster-gate';
import { useMealDay, useNow } from '../station/use-meal-day';
import { MealLine } from './meal-line';

/** The live part: it renders on every change of the roster or of today's meals (each tap, each sync). */
function EnterMeals() {
  const { t } = useTranslation('meals');
  const now = useNow();
  const day = useMealDay(now);
  return (
    <>
      <StationNotices day={day} offlineText={t('roster.offline')} />
      <RosterGate day={day}>
        <MealLine day={day} now={now} />
      </RosterGate>
    </>
  );
}

const Title = memo(function Title() {
  const { t } = useTranslation();
  return (
    <Heading as="h1" size="2xl">
      {t('sections.enterMeals')}
    </Heading>
  );
});

/** The Enter Meals screen. */
export default function EnterMealsPage() {
  return (
    <Stack gap="4" maxW="5xl" mx="auto">
      <Title />
      <LocalDataBoundary>
        <EnterMeals />
      </LocalDataBoundary>
    </Stack>
  );
}
