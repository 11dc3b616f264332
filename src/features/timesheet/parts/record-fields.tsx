/**
 * The fields of one timesheet record in the record dialog (the timekeeper's edit and add in View Records): the date,
 * start and end on the school's clock (the end possibly the next day), the unpaid break, the category with the leave
 * type, a note and, for a change, the reason. The worked hours show as they are typed. Controlled: the caller holds
 * the form and its errors (by the API's field names, so a 422 lands under the same field). Add Record's past-record
 * form asks in its own way (no next-day box, no worked hours) but shares the break and the category fields
 * (`BreakField`, `CategoryFields`).
 */
import { Checkbox, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
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
const WIDE_W = { base: 'full', sm: '44' } as const;

type FieldWidth = ComponentProps<typeof Field.Root>['w'];

export interface BreakFieldProps {
  label: string;
  /** The minutes as typed. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The most the field's arrows go to. */
  max?: number;
  w: FieldWidth;
}

/** The unpaid break in minutes. */
export function BreakField({ label, value, onChange, error, max, w }: BreakFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} w={w}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export interface CategoryFieldsProps {
  labels: { category: string; leaveType: string };
  category: TimesheetCategory;
  /** The leave's type ('' for none chosen), asked only for a leave. */
  leaveType: string;
  onCategory: (category: TimesheetCategory) => void;
  onLeaveType: (leaveType: LeaveType | '') => void;
  errors: { category?: string; leave_type?: string };
  w: FieldWidth;
  /** The leave type's first choice, for none chosen yet ('Choose…'); none without it. */
  chooseLeaveType?: string;
}

/** The category and, for a leave, its type, side by side. */
export function CategoryFields(props: CategoryFieldsProps) {
  const { labels, category, leaveType, onCategory, onLeaveType, errors, w, chooseLeaveType } = props;
  const { t: tt } = useTranslation('timesheet');
  return (
    <HStack gap="3" wrap="wrap" align="flex-start">
      <SelectField
        label={labels.category}
        value={category}
        w={w}
        error={errors.category}
        choices={TIMESHEET_CATEGORIES.map((c): [string, string] => [c, tt(`categories.${c}`)])}
        onChange={(value) => onCategory(value as TimesheetCategory)}
      />
      {category === 'leave' && (
        <SelectField
          label={labels.leaveType}
          value={leaveType}
          w={w}
          error={errors.leave_type}
          choices={[
            ...(chooseLeaveType === undefined ? [] : [['', chooseLeaveType] as [string, string]]),
            ...LEAVE_TYPES.map((type): [string, string] => [type, tt(`leaveTypes.${type}`)]),
          ]}
          onChange={(value) => onLeaveType(value as LeaveType | '')}
        />
      )}
    </HStack>
  );
}

/** The record's fields. */
export function RecordFields({ form, onChange, errors, timeZone, allowOpen, askReason }: RecordFieldsProps) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'form' });
  const worked = formWorkedMinutes(form, timeZone);
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap" align="flex-start">
        <Field.Root invalid={Boolean(errors.date)} w={WIDE_W} required>
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
      <BreakField
        label={t('break')}
        value={form.break_minutes}
        onChange={(break_minutes) => onChange({ break_minutes })}
        error={errors.break_minutes}
        max={MAX_RECORD_BREAK_MINUTES}
        w={WIDE_W}
      />
      <Text aria-live="polite">
        {worked === null ? t('workedUnknown') : t('worked', { hours: formatMinutes(worked) })}
      </Text>
      <CategoryFields
        labels={{ category: t('category'), leaveType: t('leaveType') }}
        category={form.category}
        leaveType={form.leave_type}
        onCategory={(category) => onChange({ category })}
        onLeaveType={(leave_type) => onChange({ leave_type })}
        errors={errors}
        w={WIDE_W}
        chooseLeaveType={t('chooseLeaveType')}
      />
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
