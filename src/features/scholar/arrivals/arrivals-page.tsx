/**
 * Arrivals: the scholar's arrivals of a month, newest first: the day, the time on the school's
 * clock, on time or late with the reason; previous and next month. The month is in the address (`?month=YYYY-MM`).
 */
import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalArrivalsResponse } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { formatDay } from '../../../ui/school-clock';
import { useSchoolWords } from '../../../ui/school-words';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { PeriodPager } from '../layout/period-pager';
import { formatInstantTime, formatMonth, shiftMonth, useLocale } from '../layout/portal-format';
import { ItemList, PortalScreen } from '../layout/portal-screen';
import { useMonthParam } from '../layout/use-month-param';
import { usePortal } from '../portal-context';

/** The screen. */
export default function ArrivalsPage() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const { userId, scholar, today, timeZone, settings } = usePortal();
  const words = useSchoolWords(settings.reasons_es);
  const { month, current, goTo } = useMonthParam(today);
  const query = usePortalQuery<PortalArrivalsResponse>(
    userId,
    `v2/scholar/scholars/${scholar.id}/arrivals?month=${month}`,
  );
  const arrivals = query.data?.data.data ?? [];
  const late = arrivals.filter((a) => a.late).length;
  return (
    <PortalScreen title={tc('sections.arrivals')} subtitle={formatMonth(month, locale)}>
      <PeriodPager
        previousLabel={t('arrivals.previous')}
        nextLabel={t('arrivals.next')}
        currentLabel={t('arrivals.thisMonth')}
        showCurrent={month !== current}
        onPrevious={() => goTo(shiftMonth(month, -1))}
        onNext={() => goTo(shiftMonth(month, 1))}
        onCurrent={() => goTo(current)}
      />
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={arrivals.length === 0} emptyText={t('arrivals.empty')}>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t('arrivals.count', { onTime: arrivals.length - late, late })}
          </Text>
          <ItemList variant="rows">
            {arrivals.map((a) => (
              <Flex as="li" key={a.id} gap="3" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
                <Stack gap="0.5" minW="0" flex="1">
                  <Text fontWeight="semibold">{formatDay(a.school_day, locale)}</Text>
                  {a.late && a.reason && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('arrivals.reason', { reason: words.reason(a.reason) })}
                    </Text>
                  )}
                </Stack>
                <Stack gap="0.5" align="end" flexShrink={0}>
                  <Text fontSize="sm" fontVariantNumeric="tabular-nums">
                    {formatInstantTime(a.occurred_at, timeZone, locale)}
                  </Text>
                  <Badge colorPalette={a.late ? 'orange' : 'green'}>
                    {a.late ? t('arrivals.late') : t('arrivals.onTime')}
                  </Badge>
                </Stack>
              </Flex>
            ))}
          </ItemList>
        </Stack>
      </QueryState>
    </PortalScreen>
  );
}
