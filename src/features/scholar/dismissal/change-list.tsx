/**
 * The guardian's changes from today on: for whom, how, which days, and where each stands (waiting for the office,
 * confirmed, declined with the office's words, withdrawn), with a withdrawal for a pending or confirmed one that is
 * still open (not today's after the cutoff).
 */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DismissalChange } from '../../../contract';
import { formatLongDay, useLocale, weekdayName } from '../layout/portal-format';
import { ItemList } from '../layout/portal-screen';

export interface ChangeListProps {
  changes: readonly DismissalChange[];
  /** Whether a change can no longer be withdrawn (it covers today and the cutoff has passed). */
  closed: (c: DismissalChange) => boolean;
  online: boolean;
  onWithdraw: (c: DismissalChange) => void;
}

const PALETTE = { pending: 'orange', confirmed: 'green', declined: 'red', withdrawn: 'gray' } as const;

function Summary({ change }: { change: DismissalChange }) {
  const { t } = useTranslation('dismissal');
  const locale = useLocale();
  const day = (d: string) => formatLongDay(d, locale);
  const how =
    change.plan === 'pick_up' && change.pick_up_name
      ? t('list.pickedUpBy', { name: change.pick_up_name })
      : change.detail
        ? `${t(`plans.${change.plan}`)}: ${change.detail}`
        : t(`plans.${change.plan}`);
  const days =
    change.weekday !== null
      ? t('list.weekly', {
          weekday: weekdayName(change.weekday || 7, locale),
          from: day(change.starts_on),
          to: day(change.ends_on),
        })
      : change.starts_on === change.ends_on
        ? day(change.starts_on)
        : t('list.range', { from: day(change.starts_on), to: day(change.ends_on) });
  return (
    <Stack gap="0">
      <Text fontWeight="semibold">{change.scholar_name}</Text>
      <Text>{how}</Text>
      <Text color="fg.muted">{days}</Text>
      {change.note && <Text fontSize="sm">{change.note}</Text>}
    </Stack>
  );
}

/** The list. */
export function ChangeList({ changes, closed, online, onWithdraw }: ChangeListProps) {
  const { t } = useTranslation('dismissal');
  return (
    <ItemList>
      {changes.map((c) => {
        const open = (c.status === 'pending' || c.status === 'confirmed') && !closed(c);
        return (
          <Box as="li" key={c.id} borderWidth="1px" borderRadius="md" p="3" aria-label={c.scholar_name}>
            <Stack gap="2">
              <Summary change={c} />
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette={PALETTE[c.status]}>{t(`status.${c.status}`)}</Badge>
              </HStack>
              {c.status === 'declined' && c.decision_note && <Text fontSize="sm">{c.decision_note}</Text>}
              {open ? (
                <HStack gap="2">
                  <Button
                    size="md"
                    variant="outline"
                    colorPalette="red"
                    disabled={!online}
                    onClick={() => onWithdraw(c)}
                  >
                    {t('list.withdraw')}
                  </Button>
                </HStack>
              ) : (
                (c.status === 'pending' || c.status === 'confirmed') && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('list.closed')}
                  </Text>
                )
              )}
            </Stack>
          </Box>
        );
      })}
    </ItemList>
  );
}
