/**
 * The fields of one timesheet record, shared by every form that types one in (the timekeeper's edit and add in View
 * Records, a past record in Add Record): the date, start and end on the school's clock (the end possibly the next
 * day), the unpaid break, the category with the leave type, a note and, for a change, the reason. The worked hours
 * show as they are typed. Controlled: the caller holds the form and its errors (by the API's field names, so a 422
 * lands under the same field).
 */
import { Checkbox, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LEAVE_TYPES, MAX_RECORD_BREAK_MINUTES, TIMESHEET_CATEGORIES, type TimesheetCategory } from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { formWorkedMinutes, type LeaveType, type RecordForm } from './record-form';

export interface RecordFieldsProps {
  form: RecordForm;
  onChange: (patch: Partial<RecordForm>) => void;
  /** Each wrong field's message, by the API's field names (`started_at`, `ended_at`, `break_minutes`, …). */
  errors: Record<string, string | undefined>;
  timeZone: string;
  /** The end may be left empty (still clocked in): said under the field. */
  allowOpen?: boolean;
  /** Ask why the record is changed (required, audited). */
  askReason?: boolean;
}

const TIME_W = '32';

/** The record's fields. */
export function RecordFields({ form, onChange, errors, timeZone, allowOpen, askReason }: RecordFieldsProps) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'form' });
  const { t: tt } = useTranslation('timesheet');
  const worked = formWorkedMinutes(form, timeZone);
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap" align="flex-start">
        <Field.Root invalid={Boolean(errors.date)} w={{ base: 'full', sm: '44' }} required>
          <Field.Label>
            {t('date')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="date" value={form.date} onChange={(e) => onChange({ date: e.target.value })} />
          <Field.ErrorText>{errors.date}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.started_at)} w={TIME_W} required>
          <Field.Label>
            {t('start')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="time" value={form.start} onChange={(e) => onChange({ start: e.target.value })} />
          <Field.ErrorText>{errors.started_at}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.ended_at)} w={TIME_W} required={!allowOpen}>
          <Field.Label>
            {t('end')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="time" value={form.end} onChange={(e) => onChange({ end: e.target.value })} />
          {allowOpen && !errors.ended_at && <Field.HelperText>{t('endOpenHint')}</Field.HelperText>}
          <Field.ErrorText>{errors.ended_at}</Field.ErrorText>
        </Field.Root>
      </HStack>
      <Checkbox.Root
        checked={form.nextDay}
        onCheckedChange={(d) => onChange({ nextDay: d.checked === true })}
        minH="10"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('nextDay')}</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root invalid={Boolean(errors.break_minutes)} w={{ base: 'full', sm: '44' }}>
        <Field.Label>{t('break')}</Field.Label>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_RECORD_BREAK_MINUTES}
          value={form.break_minutes}
          onChange={(e) => onChange({ break_minutes: e.target.value })}
        />
        <Field.ErrorText>{errors.break_minutes}</Field.ErrorText>
      </Field.Root>
      <Text aria-live="polite">
        {worked === null ? t('workedUnknown') : t('worked', { hours: formatMinutes(worked) })}
      </Text>
      <HStack gap="3" wrap="wrap" align="flex-start">
        <SelectField
          label={t('category')}
          value={form.category}
          w={{ base: 'full', sm: '44' }}
          error={errors.category}
          choices={TIMESHEET_CATEGORIES.map((c): [string, string] => [c, tt(`categories.${c}`)])}
          onChange={(value) => onChange({ category: value as TimesheetCategory })}
        />
        {form.category === 'leave' && (
          <SelectField
            label={t('leaveType')}
            value={form.leave_type}
            w={{ base: 'full', sm: '44' }}
            error={errors.leave_type}
            choices={[
              ['', t('chooseLeaveType')],
              ...LEAVE_TYPES.map((type): [string, string] => [type, tt(`leaveTypes.${type}`)]),
            ]}
            onChange={(value) => onChange({ leave_type: value as LeaveType | '' })}
          />
        )}
      </HStack>
      <Field.Root invalid={Boolean(errors.note)}>
        <Field.Label>{t('note')}</Field.Label>
        <Textarea value={form.note} maxLength={500} onChange={(e) => onChange({ note: e.target.value })} />
        <Field.ErrorText>{errors.note}</Field.ErrorText>
      </Field.Root>
      {askReason && (
        <Field.Root invalid={Boolean(errors.reason)} required>
          <Field.Label>
            {t('reason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea value={form.reason} maxLength={500} onChange={(e) => onChange({ reason: e.target.value })} />
          <Field.HelperText>{t('reasonHint')}</Field.HelperText>
          <Field.ErrorText>{errors.reason}</Field.ErrorText>
        </Field.Root>
      )}
    </Stack>
  );
}
