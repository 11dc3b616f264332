/**
 * The claim's daily counts: one row per day and service with the free, reduced-price and paid meals counted at the
 * point of service, each with its edit-check limit (eligible × attendance factor, 7 CFR 210.8(a)(2)), and the total.
 * A category above its limit, and the day, say "Above limit" next to a warning sign: never colour alone. A day the
 * school calendar closed says so ("School closed: Thanksgiving Day") and stays out of the totals unless a meal service
 * covers it; whoever keeps the meal services can count it as one from its row.
 */
import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
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

/** The rows the claim's totals add up: school days, and closed days a meal service covers. */
export const inClaim = (days: readonly NslpDailyCount[]) => days.filter((d) => d.in_claim);

/** What a closed day's row says: closed and why, then out of the claim or the meal service that puts it in. */
function ClosedNote({ day, onCountAsService }: { day: NslpDailyCount; onCountAsService?: (day: string) => void }) {
  const { t, i18n } = useTranslation('meal-records');
  if (!day.closed) return null;
  const why = day.closed.name ? t('closed.closure', { name: day.closed.name }) : t('closed.weekend');
  return (
    <Stack gap="1" align="start">
      {day.in_claim ? <Text fontSize="sm">{why}</Text> : <Warning>{why}</Warning>}
      <Text fontSize="sm" color="fg.muted">
        {day.closed.service ? t('closed.service', { name: day.closed.service }) : t('closed.notInClaim')}
      </Text>
      {!day.in_claim && onCountAsService && (
        <Button
          size="xs"
          variant="outline"
          onClick={() => onCountAsService(day.served_on)}
          aria-label={t('closed.countAsServiceOn', { day: formatDay(day.served_on, i18n.language) })}
        >
          {t('closed.countAsService')}
        </Button>
      )}
    </Stack>
  );
}

/** The totals per day and service, for those who may not see counts by category (meal eligibility is confidential). */
function TotalsTable({ days }: { days: readonly NslpDailyCount[] }) {
  const { t, i18n } = useTranslation('meal-records');
  const total = inClaim(days)
    .reduce((acc, d) => acc + d.total, 0)
    .toLocaleString(i18n.language);
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
            <Table.Row key={`${d.served_on}|${d.meal_type}`} data-closed={d.closed ? true : undefined}>
              <Table.Cell>
                <Stack gap="1">
                  <Text>{formatDay(d.served_on, i18n.language)}</Text>
                  <ClosedNote day={d} />
                </Stack>
              </Table.Cell>
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
export function DailyCountsTable({
  days,
  byCategory,
  onCountAsService,
}: {
  days: readonly NslpDailyCount[];
  byCategory: boolean;
  /** Given to those who keep the meal services: a closed day's row offers to count it as one. */
  onCountAsService?: (day: string) => void;
}) {
  const { t, i18n } = useTranslation('meal-records');
  if (!byCategory) return <TotalsTable days={days} />;
  const claimed = inClaim(days);
  const sum = (pick: (d: NslpDailyCount) => number) =>
    claimed.reduce((acc, d) => acc + pick(d), 0).toLocaleString(i18n.language);
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
            <Table.Row
              key={`${d.served_on}|${d.meal_type}`}
              data-flagged={d.flagged || undefined}
              data-closed={d.closed ? true : undefined}
            >
              <Table.Cell>{formatDay(d.served_on, i18n.language)}</Table.Cell>
              <Table.Cell>{t(`mealTypes.${d.meal_type}`)}</Table.Cell>
              {MEAL_ELIGIBILITY.map((c) => (
                <CategoryCell key={c} value={d[c] ?? NONE} />
              ))}
              <Table.Cell textAlign="end" fontWeight="semibold">
                {d.total.toLocaleString(i18n.language)}
              </Table.Cell>
              <Table.Cell>
                <ClosedNote day={d} onCountAsService={onCountAsService} />
                {d.flagged ? (
                  <Warning>
                    {t('counts.aboveIn', {
                      categories: MEAL_ELIGIBILITY.filter((c) => d[c]?.flagged)
                        .map((c) => t(`eligibility.${c}`))
                        .join(', '),
                    })}
                  </Warning>
                ) : (
                  !d.closed && <Text fontSize="sm">{t('counts.within')}</Text>
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
