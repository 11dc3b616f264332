/**
 * The Add Missing form: day, service, scholar and reason, each with its error in red under it. A meal the device
 * already knows the scholar had (today's, from any tablet or still in the outbox) is refused before sending; the
 * server refuses the rest with a 409, shown the same way. Nothing here shows meal eligibility.
 */
import { Alert, Button, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClockTime } from '../../../ui/school-clock';
import { defaultMealType, MEAL_TYPES, type MealType } from '../model/meal-service';
import { checkMissing, MISSING_FIELDS, type MissingField, type MissingValues } from '../model/missing-form';
import { scholarName } from '../parts/scholar-photo';
import type { MealDay } from '../station/use-meal-day';
import { ScholarField } from './scholar-field';
import { type SubmitResult, useAddMissing } from './use-add-missing';

type Notice = { status: 'success' | 'error'; text: string } | null;

/** The form. */
export function AddMissingForm({ day, now }: { day: MealDay; now: number }) {
  const { t, i18n } = useTranslation('meals');
  const { t: tc } = useTranslation();
  const [values, setValues] = useState<MissingValues>(() => ({
    served_on: day.today,
    meal_type: defaultMealType(now, day.timeZone, day.services),
    scholar_id: '',
    reason: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<MissingField, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const sender = useAddMissing();
  const time = (iso: string) => formatClockTime(iso, day.timeZone, i18n.language);
  const name = () => {
    const scholar = day.index.byId.get(values.scholar_id);
    return scholar ? scholarName(scholar) : '';
  };
  const notCounted = (type: MealType, at: string | null) =>
    at
      ? t('missing.alreadyHadAt', { name: name(), meal: t(`mealWords.${type}`), time: time(at) })
      : t('missing.alreadyHad', { name: name(), meal: t(`mealWords.${type}`) });

  function change(field: MissingField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setNotice(null);
    sender.forget();
  }

  function show(result: SubmitResult, type: MealType) {
    if (result.kind === 'added') {
      setNotice({ status: 'success', text: t('missing.added', { name: name(), meal: t(`mealTypes.${type}`) }) });
      setValues((v) => ({ ...v, scholar_id: '', reason: '' }));
    } else if (result.kind === 'conflict') {
      setNotice({ status: 'error', text: notCounted(type, result.first?.served_at ?? null) });
    } else if (result.kind === 'invalid') {
      setErrors(
        Object.fromEntries(MISSING_FIELDS.map((f) => [f, result.errors[f === 'reason' ? 'missing_reason' : f]])),
      );
      setNotice({ status: 'error', text: tc('form.incomplete') });
    } else if (result.kind === 'offline') {
      setNotice({ status: 'error', text: t('missing.needsConnection') });
    } else setNotice({ status: 'error', text: result.message });
  }

  async function submit() {
    setNotice(null);
    const checked = checkMissing(values, { today: day.today, timeZone: day.timeZone, now: Date.now() });
    if ('errors' in checked) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([f, key]) => [f, t(key)])));
      setNotice({ status: 'error', text: tc('form.incomplete') });
      return;
    }
    const { meal } = checked;
    const first = values.served_on === day.today ? day.ledger.first(meal.scholar_id, meal.meal_type) : undefined;
    if (first) {
      setNotice({ status: 'error', text: notCounted(meal.meal_type, first.served_at) });
      return;
    }
    show(await sender.submit(meal), meal.meal_type);
  }

  return (
    <form
      noValidate
      aria-label={t('missing.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="4" maxW="xl">
        {notice && (
          <Alert.Root status={notice.status} role={notice.status === 'error' ? 'alert' : 'status'}>
            <Alert.Indicator />
            <Alert.Description>{notice.text}</Alert.Description>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.served_on)} required>
          <Field.Label>
            {t('missing.day')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="date"
            max={day.today}
            value={values.served_on}
            onChange={(event) => change('served_on', event.target.value)}
          />
          <Field.ErrorText>{errors.served_on}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.meal_type)} required>
          <Field.Label>
            {t('missing.service')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={values.meal_type} onChange={(event) => change('meal_type', event.target.value)}>
              {MEAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`mealTypes.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.meal_type}</Field.ErrorText>
        </Field.Root>
        <ScholarField
          index={day.index}
          value={values.scholar_id}
          error={errors.scholar_id}
          onChange={(id) => change('scholar_id', id)}
        />
        <Field.Root invalid={Boolean(errors.reason)} required>
          <Field.Label>
            {t('missing.reason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={values.reason}
            maxLength={500}
            // The input's hint text (an example of what to type), translated; the label names the field.
            placeholder={t('missing.reasonPlaceholder')}
            onChange={(event) => change('reason', event.target.value)}
          />
          <Field.ErrorText>{errors.reason}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="primary" size="lg" alignSelf="start" loading={sender.busy}>
          {t('missing.submit')}
        </Button>
      </Stack>
    </form>
  );
}
