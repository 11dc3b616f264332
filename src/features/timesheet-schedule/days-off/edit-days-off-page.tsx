/**
 * Edit Days Off (/timesheet-schedule/edit-days-off): the school's calendar of non-work days
 * (a month view and the school year's list), a staff member's days off (whole or part days, with a type), and the
 * pay period rule. The tab, the month, the person and the dates are kept in the address, so a reload or a link keeps
 * them; adding, changing and deleting take the section's permissions, and the server refuses overlaps in words.
 */
import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { schoolDayOf } from '../../../ui/school-clock';
import { schoolYearOf } from '../model/school-year';
import { useUrlParams } from '../parts/use-url-params';
import { FlagsCard } from './flags-card';
import { PayPeriodsCard } from './pay-periods-card';
import { SchoolCalendar } from './school-calendar';
import { StaffDaysOff } from './staff-days-off';

const TABS = ['calendar', 'staff', 'pay'] as const;
type Tab = (typeof TABS)[number];

export interface EditDaysOffPageProps {
  permissions: readonly string[];
}

export default function EditDaysOffPage({ permissions }: EditDaysOffPageProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: tc } = useTranslation();
  const today = schoolDayOf(Date.now(), useSchoolTimeZone());
  const { params, change, day, page } = useUrlParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'calendar';
  const year = schoolYearOf(today);
  const can = (action: 'create' | 'update' | 'delete') => permissions.includes(`timesheet_schedules-${action}`);

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {tc('sections.editDaysOff')}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(d) => change({ tab: d.value === 'calendar' ? '' : d.value })} lazyMount>
        <Tabs.List flexWrap="wrap">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} minH="11">
              {t(`tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="calendar">
          <Stack gap="4">
            <Text>{t('calendar.intro')}</Text>
            <SchoolCalendar
              today={today}
              month={day('month', today)}
              onMonth={(month) => change({ month })}
              can={can}
            />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="staff">
          <StaffDaysOff
            staffId={params.get('staff') ?? ''}
            from={day('from', year.start)}
            to={day('to', year.end)}
            page={page}
            today={today}
            onChange={change}
            can={can}
          />
        </Tabs.Content>
        <Tabs.Content value="pay">
          <Stack gap="8">
            <PayPeriodsCard today={today} canEdit={can('update')} />
            <FlagsCard canEdit={can('update')} />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
