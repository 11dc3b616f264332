/**
 * Counts a closed day's meals in the claim: the food service manager names the meal service the school held (summer
 * meals, a special service) and its days, from the closed day chosen. Checked with the contract's schema before
 * anything is sent, with each field's message in the reader's language; on any failure, offline included, the dialog
 * stays open with what was typed.
 */
import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MealServiceDayCreateSchema, uuidv7 } from '../../../contract';
import { DialogShell } from '../../../ui/dialog-shell';
import { FORM_INCOMPLETE_KEY, pickFieldErrors, toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { mealRecordsErrorText } from './api/meal-records-resource';
import { useCreateMealService } from './api/meal-service-days';
import { formatDay } from './model/school-day';

type FieldName = 'name' | 'starts_on' | 'ends_on';

function ServiceForm({
  day,
  formId,
  mutation,
  onDone,
}: {
  day: string;
  formId: string;
  mutation: ReturnType<typeof useCreateMealService>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('meal-records');
  const { t: tc } = useTranslation();
  const [values, setValues] = useState({ name: '', starts_on: day, ends_on: day });
  // One id for every try of this dialog: a retry after a lost answer is answered with the service made the first time.
  const [id] = useState(uuidv7);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: FieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = MealServiceDayCreateSchema.safeParse({ id, ...values });
    if (!parsed.success) {
      // The contract's messages are English; the same rules in the reader's language.
      const wrong = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        name: wrong.has('name') ? t('service.nameRequired') : undefined,
        starts_on: wrong.has('starts_on') ? t('service.dayRequired') : undefined,
        ends_on: wrong.has('ends_on') ? t('service.lastAfterFirst') : undefined,
      });
      setFormError(tc(FORM_INCOMPLETE_KEY));
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: (made) => {
        const range =
          made.starts_on === made.ends_on
            ? formatDay(made.starts_on, i18n.language)
            : `${formatDay(made.starts_on, i18n.language)} – ${formatDay(made.ends_on, i18n.language)}`;
        addNotification({ text: t('service.saved', { name: made.name, range }), type: 'success' });
        onDone();
      },
      onError: (failure) => {
        const fields = pickFieldErrors(toFieldErrors(failure, tc), ['name', 'starts_on', 'ends_on']);
        setErrors(fields);
        setFormError(Object.keys(fields).length ? tc(FORM_INCOMPLETE_KEY) : mealRecordsErrorText(failure, t));
      },
    });
  };
  const dateField = (field: 'starts_on' | 'ends_on', label: string) => (
    <Field.Root invalid={Boolean(errors[field])} required flex="1" minW="40">
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input type="date" value={values[field]} onChange={(e) => set(field, e.target.value)} />
      <Field.ErrorText>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text>{t('service.explain')}</Text>
        {formError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>
            {t('service.name')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={values.name}
            maxLength={100}
            // The input's hint text (an example of a name), translated; the label names the field.
            placeholder={t('service.namePlaceholder')}
            onChange={(e) => set('name', e.target.value)}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <HStack gap="3" align="start" wrap="wrap">
          {dateField('starts_on', t('service.first'))}
          {dateField('ends_on', t('service.last'))}
        </HStack>
      </Stack>
    </form>
  );
}

/** The dialog; `day` is the closed day it was opened from, null when closed. */
export function MealServiceDialog({ day, onClose }: { day: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('meal-records');
  const formId = useId();
  const mutation = useCreateMealService();
  return (
    <DialogShell
      open={day !== null}
      onClose={onClose}
      title={day ? t('service.title', { day: formatDay(day, i18n.language) }) : ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('void.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={mutation.isPending}>
            {t('service.submit')}
          </Button>
        </>
      }
    >
      {day && <ServiceForm key={day} day={day} formId={formId} mutation={mutation} onDone={onClose} />}
    </DialogShell>
  );
}
