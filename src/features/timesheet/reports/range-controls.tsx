/**
 * The dates of a report: the kind of range (week, pay period, month, dates chosen by hand; a segmented control of
 * pressed/unpressed buttons, when the screen offers more than one), previous / today / next, the two date fields for
 * dates chosen by hand, and the range in words ('Week of Nov 23 – 29, 2026'), announced when it changes. Every button
 * is at least 40 px high for a thumb; previous and next say what they go to for screen readers.
 */
import { Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SUMMARY_DAYS } from '../../../contract';
import { SegmentedChoice, StepNav } from '../../../ui/timekeeping/range-nav';
import { type DateRange, isDay, type RangeKind, rangeLength, stepRange } from './model/report-range';
import { monthText, rangeText } from './model/words';
import type { ReportRange } from './use-report-range';

/** The range in words. */
export function useRangeLabel(kind: RangeKind, range: DateRange | null): string {
  const { t, i18n } = useTranslation('timesheet-reports', { keyPrefix: 'range' });
  if (!range) return '';
  const text = rangeText(range, i18n.language);
  if (kind === 'week') return t('weekOf', { range: text });
  if (kind === 'period') return t('periodOf', { range: text });
  if (kind === 'month') return monthText(range.from, i18n.language);
  return text;
}

/** What previous and next go to, for screen readers (nothing more than their words while there is no range). */
function useStepLabels(kind: RangeKind, range: DateRange | null): { previous?: string; next?: string } {
  const { t } = useTranslation('timesheet-reports', { keyPrefix: 'range' });
  switch (kind) {
    case 'week':
      return { previous: t('previousWeek'), next: t('nextWeek') };
    case 'period':
      return { previous: t('previousPeriod'), next: t('nextPeriod') };
    case 'month':
      return { previous: t('previousMonth'), next: t('nextMonth') };
    default: {
      if (!range) return {};
      const count = rangeLength(range);
      return { previous: t('previousDays', { count }), next: t('nextDays', { count }) };
    }
  }
}

interface DayFieldProps {
  label: string;
  value: string;
  invalid: boolean;
  /** A whole date picked (a half-typed one is left to the field). */
  onPick: (day: string) => void;
  /** The field's message, if any. */
  children?: ReactNode;
}

/** One of the two dates chosen by hand. */
function DayField({ label, value, invalid, onPick, children }: DayFieldProps) {
  return (
    <Field.Root w={{ base: 'full', sm: '44' }} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input type="date" value={value} onChange={(e) => isDay(e.target.value) && onPick(e.target.value)} />
      {children}
    </Field.Root>
  );
}

export interface RangeControlsProps {
  kinds: readonly RangeKind[];
  report: ReportRange;
}

/** The range switch, the steps and the dates chosen by hand. */
export function RangeControls({ kinds, report }: RangeControlsProps) {
  const { t } = useTranslation('timesheet-reports');
  const { state, range, problem, today, update } = report;
  const steps = useStepLabels(state.kind, range);
  const label = useRangeLabel(state.kind, range);
  const step = (direction: -1 | 1) => range && update(stepRange(state.kind, range, direction));
  const setCustom = (patch: Partial<DateRange>) => update({ custom: { ...state.custom, ...patch } });

  return (
    <Stack gap="3">
      <Stack gap="3" data-screen-only="">
        <HStack gap="3" wrap="wrap">
          {kinds.length > 1 && (
            <SegmentedChoice
              label={t('range.label')}
              choices={kinds}
              value={state.kind}
              text={(kind) => t(`range.kinds.${kind}`)}
              onChange={(kind) => update({ kind })}
            />
          )}
          <StepNav
            label={t('range.nav')}
            words={(word) => t(`range.${word}`)}
            previousLabel={steps.previous}
            nextLabel={steps.next}
            disabled={!range}
            onStep={step}
            onToday={state.kind !== 'dates' ? () => update({ date: today }) : null}
          />
        </HStack>
        {state.kind === 'dates' && (
          <HStack gap="3" wrap="wrap" align="flex-start">
            <DayField
              label={t('range.from')}
              value={state.custom.from}
              invalid={problem !== null}
              onPick={(from) => setCustom({ from })}
            />
            <DayField
              label={t('range.to')}
              value={state.custom.to}
              invalid={problem !== null}
              onPick={(to) => setCustom({ to })}
            >
              {problem && (
                <Field.ErrorText>
                  {problem === 'tooLong' ? t('range.tooLong', { count: MAX_SUMMARY_DAYS }) : t('range.endBeforeStart')}
                </Field.ErrorText>
              )}
            </DayField>
          </HStack>
        )}
      </Stack>
      {label && (
        <Text fontSize="lg" fontWeight="medium" aria-live="polite">
          {label}
        </Text>
      )}
    </Stack>
  );
}
