/**
 * Changes to confirm (/dismissal/changes): the families' dismissal changes waiting for the office, each confirmed or
 * declined (with words for the family) in one tap. The family is told of either answer by a notice; a confirmed
 * change reaches the pick-up line's devices at their next sync.
 */
import { Alert, Box, Button, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DismissalChange } from '../../contract';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { QueryState } from '../../ui/data/query-state';
import { formatDay } from '../../ui/school-clock';
import { useDecideChange, usePendingChanges } from './api';

function Days({ change }: { change: DismissalChange }) {
  const { t, i18n } = useTranslation('dismissal');
  const day = (d: string) => formatDay(d, i18n.language);
  if (change.weekday !== null) {
    const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2026, 1, 1 + change.weekday),
    );
    return <Text>{t('list.weekly', { weekday, from: day(change.starts_on), to: day(change.ends_on) })}</Text>;
  }
  return (
    <Text>
      {change.starts_on === change.ends_on
        ? day(change.starts_on)
        : t('list.range', { from: day(change.starts_on), to: day(change.ends_on) })}
    </Text>
  );
}

export default function DismissalChangesPage({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation('dismissal');
  const pending = usePendingChanges();
  const decide = useDecideChange();
  const [declining, setDeclining] = useState<DismissalChange | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canDecide = permissions.includes('dismissal_changes-update');
  const list = pending.data?.data ?? [];
  const run = async (change: DismissalChange, confirm: boolean) => {
    setError(null);
    try {
      await decide.mutateAsync({ id: change.id, confirm, note });
      setDeclining(null);
      setNote('');
    } catch (err) {
      setError(t('office.failed', { message: err instanceof Error ? err.message : String(err) }));
    }
  };
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {t('office.changesTitle')}
      </Heading>
      <Text>{t('office.changesExplain')}</Text>
      {error && !declining && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      <QueryState query={pending} isEmpty={list.length === 0} emptyText={t('office.changesEmpty')}>
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {list.map((c) => (
            <Box as="li" key={c.id} borderWidth="1px" borderRadius="md" p="3" aria-label={c.scholar_name}>
              <Stack gap="1">
                <Text fontWeight="semibold">{c.scholar_name}</Text>
                <Text>
                  {c.plan === 'pick_up' && c.pick_up_name
                    ? t('office.pickedUpBy', { name: c.pick_up_name })
                    : c.detail
                      ? `${t(`plans.${c.plan}`)}: ${c.detail}`
                      : t(`plans.${c.plan}`)}
                </Text>
                <Days change={c} />
                {c.requested_by_name && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('office.requestedBy', { name: c.requested_by_name })}
                  </Text>
                )}
                {c.note && <Text fontSize="sm">{c.note}</Text>}
                {canDecide && (
                  <HStack gap="2" mt="2">
                    <Button colorPalette="primary" loading={decide.isPending} onClick={() => void run(c, true)}>
                      {t('office.confirm')}
                    </Button>
                    <Button
                      variant="outline"
                      colorPalette="red"
                      onClick={() => {
                        setError(null);
                        setDeclining(c);
                      }}
                    >
                      {t('office.decline')}
                    </Button>
                  </HStack>
                )}
              </Stack>
            </Box>
          ))}
        </Stack>
      </QueryState>
      <ConfirmDialog
        target={declining}
        title={t('office.declineTitle')}
        body={() => (
          <Field.Root>
            <Field.Label>{t('office.declineNote')}</Field.Label>
            <Textarea value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </Field.Root>
        )}
        error={error}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('office.decline')}
        busy={decide.isPending}
        onConfirm={(c) => void run(c, false)}
        onDismiss={() => setDeclining(null)}
      />
    </Stack>
  );
}
