/**
 * The change form: which children (several at once), how they go home (picked up by one of the child's authorized
 * adults, a bus, walking, an after-school program), and when: one day, a range of days, or one weekday until a day
 * ("Thursdays with grandmother until 19 June"). Each field says what is wrong with it, from the contract's schema in
 * the browser or the server's answer.
 */
import { Alert, Button, Checkbox, Field, Fieldset, HStack, Input, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DISMISSAL_PLANS, type DismissalOptions, type DismissalPlan, type PortalScholar } from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { useLocale, weekdayName } from '../layout/portal-format';

export type When = 'day' | 'range' | 'weekly';

export interface Draft {
  scholar_ids: string[];
  plan: DismissalPlan;
  detail: string;
  pick_up_id: string;
  when: When;
  starts_on: string;
  ends_on: string;
  /** 0 Sunday … 6 Saturday, as text for the select. */
  weekday: string;
  note: string;
}

export interface ChangeFormProps {
  draft: Draft;
  /** Takes an update of the draft as it stands when applied, so two quick changes never undo each other. */
  onChange: (update: (draft: Draft) => Draft) => void;
  scholars: readonly PortalScholar[];
  options: DismissalOptions['data'];
  errors: Record<string, string>;
  busy: boolean;
  online: boolean;
  onSubmit: () => void;
}

const nameOf = (s: PortalScholar) => `${s.nickname ?? s.fname} ${s.lname}`;
const WHEN: readonly When[] = ['day', 'range', 'weekly'];

/** The form. */
export function ChangeForm(props: ChangeFormProps) {
  const { t } = useTranslation('dismissal');
  const locale = useLocale();
  const { draft, errors, scholars } = props;
  const set = (patch: Partial<Draft>) => props.onChange((current) => ({ ...current, ...patch }));
  // From the draft as it stands when the toggle applies: a checkbox may call back with the props of an earlier render.
  const toggle = (id: string, on: boolean) =>
    props.onChange((current) => ({
      ...current,
      scholar_ids: scholars.map((s) => s.id).filter((s) => (s === id ? on : current.scholar_ids.includes(s))),
    }));
  // The adults of the first child chosen; the server finds the same adult on each sibling's own list.
  const adults = props.options.find((p) => p.scholar_id === draft.scholar_ids[0])?.adults ?? [];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="4">
        {scholars.length > 1 && (
          <Fieldset.Root invalid={Boolean(errors.scholar_ids)}>
            <Fieldset.Legend fontWeight="medium">{t('form.children')}</Fieldset.Legend>
            <Stack gap="1">
              {scholars.map((s) => (
                <Checkbox.Root
                  key={s.id}
                  minH="10"
                  checked={draft.scholar_ids.includes(s.id)}
                  onCheckedChange={(d) => toggle(s.id, d.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{nameOf(s)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            {errors.scholar_ids && <Fieldset.ErrorText>{errors.scholar_ids}</Fieldset.ErrorText>}
          </Fieldset.Root>
        )}
        <Fieldset.Root invalid={Boolean(errors.plan)}>
          <Fieldset.Legend fontWeight="medium">{t('form.plan')}</Fieldset.Legend>
          <RadioGroup.Root
            name="plan"
            value={draft.plan}
            onValueChange={(d) => set({ plan: d.value as DismissalPlan })}
          >
            <Stack gap="1">
              {DISMISSAL_PLANS.map((p) => (
                <RadioGroup.Item key={p} value={p} minH="10">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`plans.${p}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Fieldset.Root>
        {draft.plan === 'pick_up' &&
          (adults.length ? (
            <Stack gap="1">
              <SelectField
                label={t('form.pickUp')}
                w="full"
                value={draft.pick_up_id}
                onChange={(pick_up_id) => set({ pick_up_id })}
                choices={[['', t('form.choosePickUp')], ...adults.map((a): [string, string] => [a.id, a.full_name])]}
                error={errors.pick_up_id}
              />
              <Field.Root>
                <Field.HelperText>{t('form.pickUpHint')}</Field.HelperText>
              </Field.Root>
            </Stack>
          ) : (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>{t('form.noPickUps')}</Alert.Description>
            </Alert.Root>
          ))}
        {(draft.plan === 'bus' || draft.plan === 'program') && (
          <Field.Root invalid={Boolean(errors.detail)}>
            <Field.Label>{draft.plan === 'bus' ? t('form.route') : t('form.program')}</Field.Label>
            <Input value={draft.detail} maxLength={100} onChange={(e) => set({ detail: e.target.value })} />
            {errors.detail && <Field.ErrorText>{errors.detail}</Field.ErrorText>}
          </Field.Root>
        )}
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium">{t('form.when')}</Fieldset.Legend>
          <RadioGroup.Root name="when" value={draft.when} onValueChange={(d) => set({ when: d.value as When })}>
            <Stack gap="1">
              {WHEN.map((w) => (
                <RadioGroup.Item key={w} value={w} minH="10">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`form.whens.${w}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Fieldset.Root>
        <HStack gap="3" wrap="wrap" align="start">
          <Field.Root w={{ base: 'full', sm: '48' }} invalid={Boolean(errors.starts_on)}>
            <Field.Label>{draft.when === 'day' ? t('form.day') : t('form.from')}</Field.Label>
            <Input type="date" value={draft.starts_on} onChange={(e) => set({ starts_on: e.target.value })} />
            {errors.starts_on && <Field.ErrorText>{errors.starts_on}</Field.ErrorText>}
          </Field.Root>
          {draft.when !== 'day' && (
            <Field.Root w={{ base: 'full', sm: '48' }} invalid={Boolean(errors.ends_on)}>
              <Field.Label>{t('form.until')}</Field.Label>
              <Input
                type="date"
                value={draft.ends_on}
                min={draft.starts_on}
                onChange={(e) => set({ ends_on: e.target.value })}
              />
              {errors.ends_on && <Field.ErrorText>{errors.ends_on}</Field.ErrorText>}
            </Field.Root>
          )}
          {draft.when === 'weekly' && (
            <SelectField
              label={t('form.weekday')}
              w={{ base: 'full', sm: '48' }}
              value={draft.weekday}
              onChange={(weekday) => set({ weekday })}
              // weekdayName counts ISO weekdays (7 Sunday); the change keeps 0 for Sunday.
              choices={[1, 2, 3, 4, 5, 6, 0].map((d): [string, string] => [String(d), weekdayName(d || 7, locale)])}
              error={errors.weekday}
            />
          )}
        </HStack>
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>{t('form.note')}</Field.Label>
          <Textarea value={draft.note} maxLength={500} onChange={(e) => set({ note: e.target.value })} />
          {errors.note && <Field.ErrorText>{errors.note}</Field.ErrorText>}
        </Field.Root>
        {!props.online && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{t('form.offline')}</Alert.Description>
          </Alert.Root>
        )}
        <HStack gap="3">
          <Button type="submit" colorPalette="primary" size="lg" loading={props.busy} disabled={!props.online}>
            {t('form.send')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
