/**
 * Week or month (a segmented control of two pressed/unpressed buttons), and previous / today / next. Every button is
 * at least 40 px high for a thumb; previous and next name the week or month they go to for screen readers.
 */
import { Button, ButtonGroup, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
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
      <ButtonGroup size="sm" attached role="group" aria-label={t('views.label')}>
        {SCHEDULE_VIEWS.map((v) => (
          <Button
            key={v}
            minH="10"
            variant={v === view ? 'solid' : 'outline'}
            colorPalette="primary"
            aria-pressed={v === view}
            onClick={() => onChange({ view: v })}
          >
            {t(`views.${v}`)}
          </Button>
        ))}
      </ButtonGroup>
      <HStack as="nav" gap="2" aria-label={t('nav.label')}>
        <Button
          size="sm"
          minH="10"
          variant="outline"
          aria-label={view === 'week' ? t('nav.previousWeek') : t('nav.previousMonth')}
          onClick={() => onChange({ date: stepDate(view, date, -1) })}
        >
          <span aria-hidden="true">‹</span> {t('nav.previous')}
        </Button>
        <Button size="sm" minH="10" variant="outline" onClick={() => onChange({ date: today })}>
          {t('nav.today')}
        </Button>
        <Button
          size="sm"
          minH="10"
          variant="outline"
          aria-label={view === 'week' ? t('nav.nextWeek') : t('nav.nextMonth')}
          onClick={() => onChange({ date: stepDate(view, date, 1) })}
        >
          {t('nav.next')} <span aria-hidden="true">›</span>
        </Button>
      </HStack>
    </HStack>
  );
}
