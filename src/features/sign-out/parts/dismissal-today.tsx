/**
 * A scholar's dismissal plan for today on the pick-up screen, in large type: the family's confirmed change for today
 * when there is one ("Walker today", a bus and its route, a program, or the adult named for a pick-up), else the
 * scholar's default plan. Read from the device's snapshot (the scholar's record and the `dismissal_changes` table),
 * so it shows offline. It never changes who may take the scholar: an adult not on the list goes through the override.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DemographicRecord, type DismissalPlan, planOn } from '../../../contract';
import { useSignOutStation } from '../station/station';

/** The words of a plan for today: `plan.walker` is "Walker today". */
export function usePlanWords() {
  const { t } = useTranslation('sign-out');
  return (plan: DismissalPlan, detail: string | null, adult: string | null): string => {
    if (plan === 'walker') return t('plan.walker');
    if (plan === 'bus') return detail ? t('plan.busRoute', { detail }) : t('plan.bus');
    if (plan === 'program') return detail ? t('plan.programNamed', { detail }) : t('plan.program');
    return adult ? t('plan.pickUpBy', { adult }) : t('plan.pickUp');
  };
}

/** Today's plan of one scholar, with the family's change marked as such. */
export function DismissalToday({ scholar, today }: { scholar: DemographicRecord; today: string }) {
  const { t } = useTranslation('sign-out');
  const words = usePlanWords();
  const items = useSignOutStation().useRecords('dismissal_changes', { where: { scholar_id: scholar.id } });
  const change = useMemo(
    () =>
      planOn(
        (items ?? []).flatMap((i) => (i.confirmed ? [i.record] : [])),
        today,
      ),
    [items, today],
  );
  const plan = scholar.dismissal_plan ?? 'pick_up';
  const detail = scholar.dismissal_detail ?? null;
  const key = { walker: 'walker', bus: 'bus', program: 'program', pick_up: 'pickUp' } as const;
  const usual =
    (plan === 'bus' || plan === 'program') && detail
      ? t(plan === 'bus' ? 'plan.usual.busRoute' : 'plan.usual.programNamed', { detail })
      : t(`plan.usual.${key[plan]}`);
  return (
    <Box
      as="section"
      aria-label={t('plan.heading')}
      borderWidth="2px"
      borderColor={change ? 'orange.solid' : 'border'}
      borderRadius="l3"
      p="4"
    >
      <Stack gap="1">
        <Text fontSize="3xl" fontWeight="bold" lineHeight="short">
          {change ? words(change.plan, change.detail, change.pick_up_name) : words(plan, detail, null)}
        </Text>
        {change && (
          <Text fontSize="lg" color="fg.muted">
            {t('plan.changed', { usual })}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
