/**
 * The seed's screening questions: the symptoms ("No symptoms" excludes the others), a contact in the last 10 days,
 * household members with symptoms; Submit. The fields say what is wrong, checked with the contract's schema.
 */
import { Alert, Button, Checkbox, Fieldset, RadioGroup, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CovidScreeningCreateSchema,
  SCREENING_MESSAGES,
  SYMPTOMS,
  type Symptom,
} from '../../../contract/covid-screening';

export interface ScreeningAnswersInput {
  symptoms: Symptom[];
  recent_contact: boolean;
  household_symptoms: boolean;
}

type YesNo = 'yes' | 'no' | '';

const ERROR_KEYS = {
  symptoms: 'errors.symptoms',
  recent_contact: 'errors.yesNo',
  household_symptoms: 'errors.yesNo',
} as const;

/** Picks a symptom: "No symptoms" clears the others, a symptom clears "No symptoms". */
export function toggleSymptom(list: readonly Symptom[], symptom: Symptom, on: boolean): Symptom[] {
  if (!on) return list.filter((s) => s !== symptom);
  if (symptom === 'no_symptoms') return ['no_symptoms'];
  return [...list.filter((s) => s !== 'no_symptoms' && s !== symptom), symptom];
}

function YesNoField(props: {
  name: string;
  legend: string;
  value: YesNo;
  onChange: (v: YesNo) => void;
  error?: string;
}) {
  const { t } = useTranslation('covid-screening');
  return (
    <Fieldset.Root invalid={Boolean(props.error)}>
      <Fieldset.Legend fontWeight="medium">{props.legend}</Fieldset.Legend>
      <RadioGroup.Root
        name={props.name}
        value={props.value || null}
        onValueChange={(d) => props.onChange((d.value ?? '') as YesNo)}
      >
        <Stack direction="row" gap="6">
          {(['yes', 'no'] as const).map((v) => (
            <RadioGroup.Item key={v} value={v} minH="10">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(v)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {props.error && <Fieldset.ErrorText>{props.error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

/** The form; `onSubmit` gets answers the contract accepts. */
export function ScreeningForm({
  onSubmit,
  busy,
}: {
  onSubmit: (answers: ScreeningAnswersInput) => void | Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation('covid-screening');
  const [symptoms, setSymptoms] = useState<Symptom[]>([]);
  const [contact, setContact] = useState<YesNo>('');
  const [household, setHousehold] = useState<YesNo>('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const answers = {
      kind: 'screening',
      symptoms,
      recent_contact: contact === '' ? null : contact === 'yes',
      household_symptoms: household === '' ? null : household === 'yes',
    };
    const parsed = CovidScreeningCreateSchema.safeParse({
      ...answers,
      id: '00000000-0000-7000-8000-000000000000',
      scholar_id: '00000000-0000-7000-8000-000000000000',
      answered_at: new Date().toISOString(),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        const key = Object.hasOwn(ERROR_KEYS, field) ? ERROR_KEYS[field as keyof typeof ERROR_KEYS] : undefined;
        if (key && !found[field])
          found[field] = issue.message === SCREENING_MESSAGES.noneAlone ? t('errors.noneAlone') : t(key);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    void onSubmit({ symptoms, recent_contact: contact === 'yes', household_symptoms: household === 'yes' });
  };

  const invalid = Object.keys(errors).length > 0;
  return (
    <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <Stack gap="5">
        {invalid && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{t('errors.incomplete')}</Alert.Description>
          </Alert.Root>
        )}
        <Fieldset.Root invalid={Boolean(errors.symptoms)}>
          <Fieldset.Legend fontWeight="medium">{t('questions.symptoms')}</Fieldset.Legend>
          <Fieldset.HelperText>{t('questions.symptomsHint')}</Fieldset.HelperText>
          <Stack gap="1">
            {SYMPTOMS.map((s) => (
              <Checkbox.Root
                key={s}
                minH="10"
                checked={symptoms.includes(s)}
                onCheckedChange={(d) => setSymptoms((list) => toggleSymptom(list, s, d.checked === true))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`symptoms.${s}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {errors.symptoms && <Fieldset.ErrorText>{errors.symptoms}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <YesNoField
          name="recent_contact"
          legend={t('questions.contact')}
          value={contact}
          onChange={setContact}
          error={errors.recent_contact}
        />
        <YesNoField
          name="household_symptoms"
          legend={t('questions.household')}
          value={household}
          onChange={setHousehold}
          error={errors.household_symptoms}
        />
        <Button type="submit" colorPalette="primary" alignSelf="flex-start" minH="11" loading={busy}>
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
