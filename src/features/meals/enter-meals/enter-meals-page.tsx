/**
 * Enter Meals (/meals): the cafeteria tablet's serving line. Each scholar is recorded in one action (a
 * badge read, a name or number typed, a photo tapped), at most one reimbursable meal of each service per scholar per
 * day, decided on the device from the local records so it works offline; every meal goes through the outbox. Meal
 * eligibility is not on this device's roster and never shows here (DESIGN section 7).
 */
import { useTranslation } from 'react-i18next';
import { RosterGate, StationNotices, StationScreen } from '../../../ui/roster/roster-gate';
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

/** The Enter Meals screen. */
export default function EnterMealsPage() {
  const { t } = useTranslation();
  return (
    <StationScreen title={t('sections.enterMeals')} maxW="5xl">
      <EnterMeals />
    </StationScreen>
  );
}
