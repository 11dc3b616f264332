/**
 * What the last action did, large enough to read from the line: the scholar's photo and name with "Lunch counted"
 * in green, or "Not counted: already had lunch at 11:52" in red (nothing was recorded), or why nothing happened
 * (a badge not on the roster). Meal eligibility is never shown here (DESIGN section 7).
 */
import { Alert, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClockTime } from '../../../ui/school-clock';
import { styleNonce } from '../../../ui/theme/style-nonce';
import { ScholarPhoto, scholarName } from '../parts/scholar-photo';
import type { LineOutcome } from './use-meal-line';

export interface OutcomePanelProps {
  outcome: LineOutcome | null;
  timeZone: string;
}

/*
 * The card is plain elements styled by a static sheet that React 19 puts in the head once (by its href), not Chakra
 * components: it is what a tap waits for, and Chakra's per-element style resolution was a third of the render between
 * the meal's write and its confirmation (bench/meal-tap.mjs). The look follows the theme's tokens.
 */
const OUTCOME_STYLE = `
.meal-outcome { display: flex; align-items: center; gap: var(--chakra-spacing-5); padding: var(--chakra-spacing-6);
  border: 3px solid var(--chakra-colors-red-solid); border-radius: var(--chakra-radii-l3);
  background: var(--chakra-colors-red-subtle); color: var(--chakra-colors-fg); }
.meal-outcome[data-counted] { border-color: var(--chakra-colors-green-solid); background: var(--chakra-colors-green-subtle); }
.meal-outcome-text { display: flex; flex-direction: column; align-items: flex-start; gap: var(--chakra-spacing-2);
  min-width: 0; }
.meal-outcome-name { margin: 0; font-size: var(--chakra-font-sizes-3xl); line-height: 1.25;
  font-weight: 700; overflow-wrap: anywhere; }
.meal-outcome-badge { border-radius: var(--chakra-radii-l2); padding: var(--chakra-spacing-1) var(--chakra-spacing-3);
  font-size: var(--chakra-font-sizes-xl); font-weight: 500; background: var(--chakra-colors-red-muted);
  color: var(--chakra-colors-red-fg); }
.meal-outcome[data-counted] .meal-outcome-badge { background: var(--chakra-colors-green-muted);
  color: var(--chakra-colors-green-fg); }
.meal-outcome-time { margin: 0; font-size: var(--chakra-font-sizes-xl); }
`;

/** The outcome of the last action, or a hint of what to do when there is none yet. */
export const OutcomePanel = memo(function OutcomePanel({ outcome, timeZone }: OutcomePanelProps) {
  const { t, i18n } = useTranslation('meals');
  if (!outcome) {
    return (
      <Text color="fg.muted" fontSize="lg">
        {t('line.hint')}
      </Text>
    );
  }
  if (outcome.kind === 'error') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description fontSize="lg">{outcome.message}</Alert.Description>
      </Alert.Root>
    );
  }
  const counted = outcome.kind === 'counted';
  const meal = t(`mealTypes.${outcome.mealType}`);
  const time = formatClockTime(counted ? outcome.at : outcome.firstAt, timeZone, i18n.language);
  return (
    <>
      <style nonce={styleNonce()} href="meal-outcome" precedence="default">
        {OUTCOME_STYLE}
      </style>
      <div role="status" className="meal-outcome" data-counted={counted ? '' : undefined}>
        <ScholarPhoto scholar={outcome.scholar} size="xl" />
        <div className="meal-outcome-text">
          <h2 className="meal-outcome-name">{scholarName(outcome.scholar)}</h2>
          <span className="meal-outcome-badge">{counted ? t('line.counted', { meal }) : t('line.notCounted')}</span>
          <p className="meal-outcome-time">
            {counted
              ? t('line.countedAt', { time })
              : t('line.alreadyHad', { meal: t(`mealWords.${outcome.mealType}`), time })}
          </p>
        </div>
      </div>
    </>
  );
});
