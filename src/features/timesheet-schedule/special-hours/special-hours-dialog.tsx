/**
 * Adding or changing special hours: a name, a date (or several days), the hours with an unpaid break, whether they
 * replace the day's hours or add to them, and who: everyone on staff or chosen people. The paid hours show as they
 * are typed. Checks run before sending; the server's refusals (a field's 422, an overlap's 409 written for people)
 * show in the form, which keeps what was typed.
 */
import { Checkbox, Field, HStack, Input, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpecialHoursRecord, TimekeepingStaffRecord } from '../../../contract';
import { addNotification } from '../../../ui/notifications';
import { type Editing, FormAlert, RecordFormDialog } from '../../../ui/timekeeping/form-dialog';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { StaffMultiPicker } from '../../../ui/timekeeping/staff-picker';
import { useFormErrors } from '../../../ui/timekeeping/use-form-errors';
import { DaySpanFields } from '../parts/day-span-fields';
import { bodyOf, checkForm, emptyForm, formOf, paidMinutes, type SpecialForm } from './special-form';
import { useSpecialWrites } from './use-special-hours';

export interface SpecialHoursDialogProps {
  /** Closed: null; a new one: 'new'; else the record to change. */
  editing: Editing<SpecialHoursRecord>;
  /** The first date a new one starts with. */
  today: string;
  staff: ReadonlyMap<string, TimekeepingStaffRecord>;
  onClose: () => void;
}

interface FormProps {
  record: SpecialHoursRecord | null;
  initial: SpecialForm;
  formId: string;
  onClose: () => void;
  save: ReturnType<typeof useSpecialWrites>['save'];
}

function SpecialFormFields({ record, initial, formId, onClose, save }: FormProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'special' });
  const [form, setForm] = useState(initial);
  const { errors, formError, check, fail, clear } = useFormErrors();
  const set = <K extends keyof SpecialForm>(key: K, value: SpecialForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key === 'people' ? 'user_ids' : key);
  };
  const paid = paidMinutes(form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = checkForm(form);
    if (!check(Object.fromEntries(Object.entries(wrong).map(([field, key]) => [field, t(`errors.${key}`)])))) return;
    save.mutate(
      { id: record?.id ?? null, body: bodyOf(form) },
      {
        onSuccess: (saved) => {
          addNotification({ type: 'success', text: t('saved', { name: saved.name }) });
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="4">
        <FormAlert text={formError} />
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>{t('fields.name')}</Field.Label>
          <Input value={form.name} maxLength={100} onChange={(e) => set('name', e.target.value)} />
          <Field.HelperText>{t('fields.nameHint')}</Field.HelperText>
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <DaySpanFields
          startsOn={form.starts_on}
          endsOn={form.ends_on}
          single={!form.several}
          labels={{ first: form.several ? t('fields.firstDay') : t('fields.date'), last: t('fields.lastDay') }}
          errors={form.several ? errors : { starts_on: errors.starts_on ?? errors.ends_on }}
          onChange={(values) => {
            for (const [field, value] of Object.entries(values)) set(field as 'starts_on' | 'ends_on', value);
            // A single date shows the last day's message under it, so a new date clears that too.
            if (!form.several) clear('ends_on');
          }}
        />
        <Checkbox.Root
          checked={form.several}
          onCheckedChange={(d) => {
            set('several', d.checked === true);
            if (d.checked === true && form.ends_on < form.starts_on) set('ends_on', form.starts_on);
          }}
          minH="10"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('fields.several')}</Checkbox.Label>
        </Checkbox.Root>
        <HStack gap="3" wrap="wrap" align="flex-start">
          <Field.Root invalid={Boolean(errors.start_time)} w={{ base: '36', sm: '32' }}>
            <Field.Label>{t('fields.start')}</Field.Label>
            <Input type="time" value={form.start_time} onChange={(e) => set('start_time', e.target.value)} />
            <Field.ErrorText>{errors.start_time}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.end_time)} w={{ base: '36', sm: '32' }}>
            <Field.Label>{t('fields.end')}</Field.Label>
            <Input type="time" value={form.end_time} onChange={(e) => set('end_time', e.target.value)} />
            <Field.ErrorText>{errors.end_time}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.break_minutes)} w={{ base: '36', sm: '32' }}>
            <Field.Label>{t('fields.break')}</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={240}
              value={form.break_minutes}
              onChange={(e) => set('break_minutes', e.target.value)}
            />
            <Field.ErrorText>{errors.break_minutes}</Field.ErrorText>
          </Field.Root>
        </HStack>
        <Text aria-live="polite">{paid === null ? t('paidUnknown') : t('paid', { hours: formatMinutes(paid) })}</Text>
        <Field.Root invalid={Boolean(errors.mode)}>
          <Field.Label id={`${formId}-mode`}>{t('fields.mode')}</Field.Label>
          {/* Two cards (a radio each, the whole card its target); the theme carries RadioGroup's recipe, not RadioCard's. */}
          <RadioGroup.Root
            value={form.mode}
            onValueChange={(d) => d.value && set('mode', d.value as SpecialForm['mode'])}
            aria-labelledby={`${formId}-mode`}
            w="full"
          >
            <Stack direction={{ base: 'column', sm: 'row' }} align="stretch" gap="2">
              {(['replace', 'add'] as const).map((mode) => (
                <RadioGroup.Item
                  key={mode}
                  value={mode}
                  flex="1"
                  minH="12"
                  p="3"
                  borderWidth="1px"
                  borderRadius="md"
                  alignItems="flex-start"
                  cursor="pointer"
                  colorPalette="primary"
                  _checked={{ borderColor: 'colorPalette.solid', bg: 'colorPalette.subtle' }}
                >
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`modeChoice.${mode}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Field.ErrorText>{errors.mode}</Field.ErrorText>
        </Field.Root>
        <Checkbox.Root checked={form.everyone} onCheckedChange={(d) => set('everyone', d.checked === true)} minH="10">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('fields.everyone')}</Checkbox.Label>
        </Checkbox.Root>
        {form.everyone ? (
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              {t('everyoneHint')}
            </Text>
            {errors.user_ids && (
              <Text fontSize="sm" color="fg.error">
                {errors.user_ids}
              </Text>
            )}
          </Stack>
        ) : (
          <StaffMultiPicker
            label={t('fields.people')}
            value={form.people}
            error={errors.user_ids}
            onChange={(people) => set('people', people)}
          />
        )}
        {!form.everyone && form.formerIds.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('former', { count: form.formerIds.length })}
          </Text>
        )}
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>{t('fields.note')}</Field.Label>
          <Textarea value={form.note} maxLength={500} onChange={(e) => set('note', e.target.value)} />
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </form>
  );
}

/** The dialog around the form. */
export function SpecialHoursDialog({ editing, today, staff, onClose }: SpecialHoursDialogProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'special' });
  const { save } = useSpecialWrites();
  return (
    <RecordFormDialog
      editing={editing}
      title={(record) => (record ? t('editTitle', { name: record.name }) : t('addTitle'))}
      save={save}
      onClose={onClose}
    >
      {({ record, formId, close }) => (
        <SpecialFormFields
          record={record}
          initial={record ? formOf(record, staff) : emptyForm(today)}
          formId={formId}
          onClose={close}
          save={save}
        />
      )}
    </RecordFormDialog>
  );
}
