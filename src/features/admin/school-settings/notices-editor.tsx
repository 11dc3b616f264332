/**
 * The notices to families on the school's settings: which kinds the school sends (a kind left out is never written or
 * sent, whatever a family chose), the time by which a scholar not checked in makes a notice (empty: never, as a new
 * school starts), and the weekday and time of the weekly work summary by email. What each family then chooses is
 * theirs, on the portal's notifications screen.
 */
import { Checkbox, Field, Fieldset, Input, Link, NativeSelect, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NOTICE_KINDS, type NoticeKind } from '../../../contract/notices';

export interface NoticeSettingsRows {
  kinds: NoticeKind[];
  not_checked_in_by: string;
  work_summary_weekday: string;
  work_summary_time: string;
}

/** ISO weekdays, Monday first (the contract's 1 to 7). */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function NoticesEditor({
  rows,
  errors,
  onChange,
}: {
  rows: NoticeSettingsRows;
  errors: Record<string, string>;
  onChange: (rows: NoticeSettingsRows) => void;
}) {
  const { t, i18n } = useTranslation('notices-log');
  const { t: tc } = useTranslation();
  // Weekday names in the screen's language: 2024-01-01 was a Monday.
  const weekday = (day: number) =>
    new Date(Date.UTC(2024, 0, day)).toLocaleDateString(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  const toggle = (kind: NoticeKind, on: boolean) =>
    onChange({
      ...rows,
      kinds: NOTICE_KINDS.filter((k) => (k === kind ? on : rows.kinds.includes(k))),
    });
  return (
    <Fieldset.Root invalid={Boolean(errors.notice_kinds)}>
      <Fieldset.Legend fontWeight="semibold">{t('settings.legend')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('settings.hint')}</Fieldset.HelperText>
      <Stack gap="1" mt="2">
        {NOTICE_KINDS.map((kind) => (
          <Checkbox.Root
            key={kind}
            checked={rows.kinds.includes(kind)}
            minH="10"
            onCheckedChange={(d) => toggle(kind, d.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(`kind.${kind}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {errors.notice_kinds && <Fieldset.ErrorText>{errors.notice_kinds}</Fieldset.ErrorText>}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4" mt="3">
        <Field.Root invalid={Boolean(errors.not_checked_in_by)}>
          <Field.Label>{t('settings.notCheckedInBy')}</Field.Label>
          <Input
            type="time"
            value={rows.not_checked_in_by}
            onChange={(e) => onChange({ ...rows, not_checked_in_by: e.target.value })}
          />
          <Field.HelperText>{t('settings.notCheckedInByHint')}</Field.HelperText>
          {errors.not_checked_in_by && <Field.ErrorText>{errors.not_checked_in_by}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.work_summary_weekday)}>
          <Field.Label>{t('settings.summaryDay')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={rows.work_summary_weekday}
              onChange={(e) => onChange({ ...rows, work_summary_weekday: e.target.value })}
            >
              {WEEKDAYS.map((day) => (
                <option key={day} value={String(day)}>
                  {weekday(day)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.work_summary_weekday && <Field.ErrorText>{errors.work_summary_weekday}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.work_summary_time)} required>
          <Field.Label>{t('settings.summaryTime')}</Field.Label>
          <Input
            type="time"
            value={rows.work_summary_time}
            onChange={(e) => onChange({ ...rows, work_summary_time: e.target.value })}
          />
          {errors.work_summary_time && <Field.ErrorText>{errors.work_summary_time}</Field.ErrorText>}
        </Field.Root>
      </Stack>
      <Link asChild color="primary.fg" mt="2" alignSelf="flex-start">
        <RouterLink to="/admin/notices">{tc('sections.noticesLog')}</RouterLink>
      </Link>
    </Fieldset.Root>
  );
}
