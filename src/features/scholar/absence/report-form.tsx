/**
 * The report form: which children (several at once for a new report), absent / late / leaving early, the day or days,
 * the time, who picks up (only adults already on the child's pick-up list), the reason and a note. Each field says
 * what is wrong with it, from the contract's schema in the browser or the server's 422.
 */
import { Alert, Button, Checkbox, Field, Fieldset, HStack, Input, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  ABSENCE_KINDS,
  ABSENCE_REASONS,
  type AbsenceKind,
  type AbsencePickUps,
  type PortalScholar,
} from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';

export interface Draft {
  scholar_ids: string[];
  kind: AbsenceKind;
  starts_on: string;
  ends_on: string;
  at_time: string;
  pick_up_id: string;
  reason: string;
  note: string;
}

export interface ReportFormProps {
  draft: Draft;
  onChange: (draft: Draft) => void;
  scholars: readonly PortalScholar[];
  pickUps: AbsencePickUps['data'];
  /** Changing one child's record: the children are not chosen again. */
  editing: boolean;
  errors: Record<string, string>;
  busy: boolean;
  online: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
}

const nameOf = (s: PortalScholar) => `${s.nickname ?? s.fname} ${s.lname}`;

/** The form. */
export function ReportForm(props: ReportFormProps) {
  const { t } = useTranslation('absence');
  const { draft, errors, scholars } = props;
  const set = (patch: Partial<Draft>) => props.onChange({ ...draft, ...patch });
  const toggle = (id: string, on: boolean) =>
    set({ scholar_ids: scholars.map((s) => s.id).filter((s) => (s === id ? on : draft.scholar_ids.includes(s))) });
  // The adults of the first child chosen; the server finds the same adult on each sibling's own list.
  const adults = props.pickUps.find((p) => p.scholar_id === draft.scholar_ids[0])?.adults ?? [];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="4">
        {!props.editing && scholars.length > 1 && (
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
        <Fieldset.Root invalid={Boolean(errors.kind)}>
          <Fieldset.Legend fontWeight="medium">{t('form.kind')}</Fieldset.Legend>
          <RadioGroup.Root name="kind" value={draft.kind} onValueChange={(d) => set({ kind: d.value as AbsenceKind })}>
            <Stack gap="1">
              {ABSENCE_KINDS.map((k) => (
                <RadioGroup.Item key={k} value={k} minH="10">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`form.kinds.${k}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Fieldset.Root>
        <HStack gap="3" wrap="wrap" align="start">
          <Field.Root w={{ base: 'full', sm: '48' }} invalid={Boolean(errors.starts_on)}>
            <Field.Label>{draft.kind === 'absent' ? t('form.firstDay') : t('form.startsOn')}</Field.Label>
            <Input type="date" value={draft.starts_on} onChange={(e) => set({ starts_on: e.target.value })} />
            {errors.starts_on && <Field.ErrorText>{errors.starts_on}</Field.ErrorText>}
          </Field.Root>
          {draft.kind === 'absent' ? (
            <Field.Root w={{ base: 'full', sm: '64' }} invalid={Boolean(errors.ends_on)}>
              <Field.Label>{t('form.endsOn')}</Field.Label>
              <Input
                type="date"
                value={draft.ends_on}
                min={draft.starts_on}
                onChange={(e) => set({ ends_on: e.target.value })}
              />
              {errors.ends_on && <Field.ErrorText>{errors.ends_on}</Field.ErrorText>}
            </Field.Root>
          ) : (
            <Field.Root w={{ base: 'full', sm: '48' }} invalid={Boolean(errors.at_time)}>
              <Field.Label>{draft.kind === 'late' ? t('form.arrival') : t('form.departure')}</Field.Label>
              <Input type="time" value={draft.at_time} onChange={(e) => set({ at_time: e.target.value })} />
              {errors.at_time && <Field.ErrorText>{errors.at_time}</Field.ErrorText>}
            </Field.Root>
          )}
        </HStack>
        {draft.kind === 'early' &&
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
        <SelectField
          label={t('form.reason')}
          w={{ base: 'full', sm: '64' }}
          value={draft.reason}
          onChange={(reason) => set({ reason })}
          choices={ABSENCE_REASONS.map((r): [string, string] => [r, t(`form.reasons.${r}`)])}
          error={errors.reason}
        />
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
            {props.editing ? t('form.save') : t('form.send')}
          </Button>
          {props.onCancel && (
            <Button variant="outline" size="lg" onClick={props.onCancel}>
              {t('form.cancel')}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
