/**
 * The claim's daily counts: one row per day and service with the free, reduced-price and paid meals counted at the
 * point of service, each with its edit-check limit (eligible × attendance factor, 7 CFR 210.8(a)(2)), and the total.
 * A category above its limit, and the day, say "Above limit" next to a warning sign: never colour alone.
 */
import { Box, HStack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MEAL_ELIGIBILITY, type NslpCategoryCount, type NslpDailyCount } from '../../../contract';
import { formatDay } from './model/school-day';

function Warning({ children }: { children: string }) {
  return (
    <HStack gap="1" color="fg.error" fontWeight="semibold" fontSize="sm" align="start">
      <span aria-hidden="true">⚠</span>
      <Text>{children}</Text>
    </HStack>
  );
}

function CategoryCell({ value }: { value: NslpCategoryCount }) {
  const { t, i18n } = useTranslation('meal-records');
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Table.Cell textAlign="end" bg={value.flagged ? 'bg.error' : undefined}>
      <Text fontWeight="medium">{number(value.count)}</Text>
      <Text fontSize="xs" color="fg.muted">
        {t('counts.limit', { limit: number(value.limit), eligible: number(value.eligible) })}
      </Text>
      {value.flagged && (
        <Box display="flex" justifyContent="flex-end">
          <Warning>{t('counts.above')}</Warning>
        </Box>
      )}
    </Table.Cell>
  );
}

const NONE: NslpCategoryCount = { count: 0, eligible: 0, limit: 0, flagged: false };

/** The totals per day and service, for those who may not see counts by category (meal eligibility is confidential). */
function TotalsTable({ days }: { days: readonly NslpDailyCount[] }) {
  const { t, i18n } = useTranslation('meal-records');
  const total = days.reduce((acc, d) => acc + d.total, 0).toLocaleString(i18n.language);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{t('counts.totalsCaption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('counts.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('counts.service')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('counts.total')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((d) => (
            <Table.Row key={`${d.served_on}|${d.meal_type}`}>
              <Table.Cell>{formatDay(d.served_on, i18n.language)}</Table.Cell>
              <Table.Cell>{t(`mealTypes.${d.meal_type}`)}</Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold">
                {d.total.toLocaleString(i18n.language)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="semibold">
            <Table.Cell colSpan={2}>{t('counts.totals')}</Table.Cell>
            <Table.Cell textAlign="end">{total}</Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The counts table with a totals row: by category with the edit check, or totals only (`byCategory` false). */
export function DailyCountsTable({ days, byCategory }: { days: readonly NslpDailyCount[]; byCategory: boolean }) {
  const { t, i18n } = useTranslation('meal-records');
  if (!byCategory) return <TotalsTable days={days} />;
  const sum = (pick: (d: NslpDailyCount) => number) =>
    days.reduce((acc, d) => acc + pick(d), 0).toLocaleString(i18n.language);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{t('counts.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('counts.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('counts.service')}</Table.ColumnHeader>
            {MEAL_ELIGIBILITY.map((c) => (
              <Table.ColumnHeader key={c} textAlign="end">
                {t(`eligibility.${c}`)}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">{t('counts.total')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('counts.check')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((d) => (
            <Table.Row key={`${d.served_on}|${d.meal_type}`} data-flagged={d.flagged || undefined}>
              <Table.Cell>{formatDay(d.served_on, i18n.language)}</Table.Cell>
              <Table.Cell>{t(`mealTypes.${d.meal_type}`)}</Table.Cell>
              {MEAL_ELIGIBILITY.map((c) => (
                <CategoryCell key={c} value={d[c] ?? NONE} />
              ))}
              <Table.Cell textAlign="end" fontWeight="semibold">
                {d.total.toLocaleString(i18n.language)}
              </Table.Cell>
              <Table.Cell>
                {d.flagged ? (
                  <Warning>
                    {t('counts.aboveIn', {
                      categories: MEAL_ELIGIBILITY.filter((c) => d[c]?.flagged)
                        .map((c) => t(`eligibility.${c}`))
                        .join(', '),
                    })}
                  </Warning>
                ) : (
                  <Text fontSize="sm">{t('counts.within')}</Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="semibold">
            <Table.Cell colSpan={2}>{t('counts.totals')}</Table.Cell>
            {MEAL_ELIGIBILITY.map((c) => (
              <Table.Cell key={c} textAlign="end">
                {sum((d) => d[c]?.count ?? 0)}
              </Table.Cell>
            ))}
            <Table.Cell textAlign="end">{sum((d) => d.total)}</Table.Cell>
            <Table.Cell />
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}
