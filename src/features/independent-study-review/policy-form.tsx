/**
 * The school's policy numbers of the agreements' texts (20 school days, 10 missed assignments, three
 * years, more than three school days or 60 percent of a week, one school day, twice a year by default), for those who
 * may update agreements. A version already sent keeps the numbers it was frozen with.
 */
import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client';
import {
  type IndependentStudyPolicy,
  IndependentStudyPolicySchema,
  POLICY_DEFAULTS,
} from '../../contract/independent-study';
import { type FieldErrors, toFieldErrors } from '../../ui/form/field-errors';

const KEYS = Object.keys(POLICY_DEFAULTS) as (keyof IndependentStudyPolicy)[];
const policyKey = ['independent_study', 'policy'] as const;

/** The form, loaded with the school's numbers. */
export function PolicyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('independent-study');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: policyKey,
    queryFn: ({ signal }) =>
      call(() => api.get('v2/independent_study/policy', { signal }).json<{ data: IndependentStudyPolicy }>()),
  });
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = values ?? Object.fromEntries(KEYS.map((k) => [k, String(query.data?.data[k] ?? POLICY_DEFAULTS[k])]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = IndependentStudyPolicySchema.safeParse(
      Object.fromEntries(KEYS.map((k) => [k, shown[k]?.trim() === '' ? undefined : Number(shown[k])])),
    );
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error, (key) => tc(key)));
      setMessage({ status: 'error', text: tc('form.incomplete') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await call(() =>
        api.post('v2/independent_study/policy', { json: parsed.data }).json<{ data: IndependentStudyPolicy }>(),
      );
      queryClient.setQueryData(policyKey, saved);
      setMessage({ status: 'success', text: t('review.policy.saved') });
    } catch (err) {
      const found = toFieldErrors(err, (key) => tc(key));
      setErrors(found);
      setMessage({ status: 'error', text: err instanceof Error ? err.message : tc('states.error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="3">
        <Text>{t('review.policy.intro')}</Text>
        {message && (
          <Alert.Root status={message.status} role={message.status === 'error' ? 'alert' : 'status'}>
            <Alert.Indicator />
            <Alert.Description>{message.text}</Alert.Description>
          </Alert.Root>
        )}
        {KEYS.map((k) => (
          <Field.Root key={k} invalid={Boolean(errors[k])} required>
            <Field.Label>{t(`review.policy.${k}`)}</Field.Label>
            <Input
              inputMode="numeric"
              value={shown[k] ?? ''}
              disabled={!query.data}
              onChange={(e) => setValues({ ...shown, [k]: e.target.value })}
            />
            {errors[k] && <Field.ErrorText>{errors[k]}</Field.ErrorText>}
          </Field.Root>
        ))}
        <Stack direction="row" gap="3" justify="flex-end">
          <Button variant="outline" onClick={onDone}>
            {t('review.cancel')}
          </Button>
          <Button type="submit" colorPalette="primary" loading={busy} disabled={!query.data}>
            {t('review.save')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
