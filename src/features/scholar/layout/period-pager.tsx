/** Previous / current / next for a week or a month, as the portal's This Week and Arrivals move through time. */
import { Button, Flex } from '@chakra-ui/react';

export interface PeriodPagerProps {
  previousLabel: string;
  nextLabel: string;
  currentLabel: string;
  /** False when the period shown is the current one (its button is then left out). */
  showCurrent: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onCurrent: () => void;
}

/** The buttons: previous and next side by side (they fit a 360 px phone), back to the current one after them. */
export function PeriodPager(props: PeriodPagerProps) {
  return (
    <Flex gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={props.onPrevious}>
        <span aria-hidden="true">‹</span>
        {props.previousLabel}
      </Button>
      <Button size="sm" variant="outline" onClick={props.onNext}>
        {props.nextLabel}
        <span aria-hidden="true">›</span>
      </Button>
      {props.showCurrent && (
        <Button size="sm" variant="ghost" onClick={props.onCurrent}>
          {props.currentLabel}
        </Button>
      )}
    </Flex>
  );
}
