/**
 * The controls of a screen that shows a stretch of days: `SegmentedChoice`, a segmented control of pressed/unpressed
 * buttons (week or month, by date or by person), and `StepNav`, previous / today / next. Every button is at least
 * 40 px high for a thumb; previous and next may say what they go to ('Previous week') for screen readers, the visible
 * word first. The screen gives the words.
 */
import { Button, ButtonGroup, HStack } from '@chakra-ui/react';

export interface SegmentedChoiceProps<V extends string> {
  /** The group's name ('View'). */
  label: string;
  choices: readonly V[];
  value: V;
  /** A choice's words. */
  text: (choice: V) => string;
  onChange: (choice: V) => void;
}

/** One of a few choices, the chosen one pressed. */
export function SegmentedChoice<V extends string>({ label, choices, value, text, onChange }: SegmentedChoiceProps<V>) {
  return (
    <ButtonGroup size="sm" attached role="group" aria-label={label}>
      {choices.map((choice) => (
        <Button
          key={choice}
          minH="10"
          variant={choice === value ? 'solid' : 'outline'}
          colorPalette="primary"
          aria-pressed={choice === value}
          onClick={() => onChange(choice)}
        >
          {text(choice)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

export interface StepNavProps {
  /** The navigation's name. */
  label: string;
  /** The buttons' visible words, e.g. `(word) => t(\`nav.${word}\`)`. */
  words: (word: 'previous' | 'today' | 'next') => string;
  /** What previous and next go to, for screen readers (their words alone when not given). */
  previousLabel?: string;
  nextLabel?: string;
  /** Nothing to step from yet (previous and next are off). */
  disabled?: boolean;
  onStep: (direction: -1 | 1) => void;
  /** Back to today; no Today button without it. */
  onToday: (() => void) | null;
}

/** Previous, Today and Next. */
export function StepNav({ label, words, previousLabel, nextLabel, disabled, onStep, onToday }: StepNavProps) {
  return (
    <HStack as="nav" gap="2" aria-label={label}>
      <Button
        size="sm"
        minH="10"
        variant="outline"
        aria-label={previousLabel}
        disabled={disabled}
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹</span> {words('previous')}
      </Button>
      {onToday && (
        <Button size="sm" minH="10" variant="outline" onClick={onToday}>
          {words('today')}
        </Button>
      )}
      <Button
        size="sm"
        minH="10"
        variant="outline"
        aria-label={nextLabel}
        disabled={disabled}
        onClick={() => onStep(1)}
      >
        {words('next')} <span aria-hidden="true">›</span>
      </Button>
    </HStack>
  );
}
