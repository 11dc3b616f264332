/**
 * Week or month (a segmented control of two pressed/unpressed buttons), and previous / today / next. Every button is
 * at least 40 px high for a thumb; previous and next name the week or month they go to for screen readers. The
 * shared `SegmentedChoice` and `StepNav` with the screen's words.
 */
import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice, StepNav } from '../../../ui/timekeeping/range-nav';
import { SCHEDULE_VIEWS, type ScheduleView, stepDate } from './model/view-state';

export interface RangeControlsProps {
  view: ScheduleView;
  date: string;
  today: string;
  onChange: (patch: { view?: ScheduleView; date?: string }) => void;
}

/** The view switch and the date steps. */
export function RangeControls({ view, date, today, onChange }: RangeControlsProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'single' });
  return (
    <HStack gap="3" wrap="wrap" data-screen-only="">
      <SegmentedChoice
        label={t('views.label')}
        choices={SCHEDULE_VIEWS}
        value={view}
        text={(v) => t(`views.${v}`)}
        onChange={(v) => onChange({ view: v })}
      />
      <StepNav
        label={t('nav.label')}
        words={(word) => t(`nav.${word}`)}
        previousLabel={view === 'week' ? t('nav.previousWeek') : t('nav.previousMonth')}
        nextLabel={view === 'week' ? t('nav.nextWeek') : t('nav.nextMonth')}
        onStep={(direction) => onChange({ date: stepDate(view, date, direction) })}
        onToday={() => onChange({ date: today })}
      />
    </HStack>
  );
}
