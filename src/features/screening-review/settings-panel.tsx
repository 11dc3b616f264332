/** The school's screening switch (off by default) and how many days answers are kept. */
import { Alert, Button, Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { QueryState } from '../../ui/data/query-state';
import { fetchSettings, saveSettings, settingsKey } from './screening-api';

export function SettingsPanel({ canSave }: { canSave: boolean }) {
  const { t } = useTranslation('covid-screening');
  const client = useQueryClient();
  const query = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => fetchSettings(signal) });
  const [enabled, setEnabled] = useState(false);
  const [days, setDays] = useState('14');
  useEffect(() => {
    if (!query.data) return;
    setEnabled(query.data.enabled);
    setDays(String(query.data.retention_days));
  }, [query.data]);
  const save = useMutation({
    mutationFn: () => saveSettings({ enabled, retention_days: Number(days) }),
    onSuccess: (data) => client.setQueryData(settingsKey, data),
  });
  const fieldError =
    save.error instanceof ApiError ? (save.error.errors.retention_days?.[0] ?? save.error.message) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <QueryState query={query} isEmpty={false} emptyText="">
      <form onSubmit={submit} aria-label={t('review.settings')}>
        <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
          <Text fontWeight="semibold">{t('review.settings')}</Text>
          <Checkbox.Root
            checked={enabled}
            disabled={!canSave}
            minH="10"
            onCheckedChange={(d) => setEnabled(d.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('review.enabled')}</Checkbox.Label>
          </Checkbox.Root>
          <Field.Root invalid={Boolean(fieldError)} maxW="xs" disabled={!canSave}>
            <Field.Label>{t('review.retention')}</Field.Label>
            <Input type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} />
            <Field.HelperText>{t('review.retentionHint')}</Field.HelperText>
            {fieldError && <Field.ErrorText>{fieldError}</Field.ErrorText>}
          </Field.Root>
          {save.isSuccess && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Description>{t('review.saved')}</Alert.Description>
            </Alert.Root>
          )}
          {canSave && (
            <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={save.isPending}>
              {t('review.save')}
            </Button>
          )}
        </Stack>
      </form>
    </QueryState>
  );
}
