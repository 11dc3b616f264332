/**
 * A pay period's state as a badge: its word (Open, Submitted, Returned, Approved) on a colour of its own, so the
 * colour is never the only sign. With `dates` the badge says which period it is ('Nov 1 – 15: Approved'), for a range
 * that touches two.
 */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PeriodState } from '../../../contract';

export const STATE_PALETTE: Record<PeriodState, string> = {
  open: 'gray',
  submitted: 'blue',
  returned: 'orange',
  approved: 'green',
};

export interface PeriodBadgeProps {
  state: PeriodState;
  /** The period's dates in words, when the range shows more than one. */
  dates?: string;
}

/** The state badge. */
export function PeriodBadge({ state, dates }: PeriodBadgeProps) {
  const { t } = useTranslation('timesheet');
  const word = t(`states.${state}`);
  return (
    <Badge colorPalette={STATE_PALETTE[state]} variant={state === 'open' ? 'outline' : 'subtle'} whiteSpace="normal">
      {dates ? `${dates}: ${word}` : word}
    </Badge>
  );
}
