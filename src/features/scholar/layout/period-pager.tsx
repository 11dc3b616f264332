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

/** The buttons. */
export function PeriodPager(props: PeriodPagerProps) {
  return (
    <Flex gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={props.onPrevious}>
        ‹ {props.previousLabel}
      </Button>
      {props.showCurrent && (
        <Button size="sm" variant="ghost" onClick={props.onCurrent}>
          {props.currentLabel}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={props.onNext}>
        {props.nextLabel} ›
      </Button>
    </Flex>
  );
}
