/**
 * The school's settings (/admin/school, `school_settings-update`): its name and time zone, the school day's start,
 * late cutoff and end, the reasons the kiosk offers for a late arrival and an early departure (with their Spanish
 * wording), what the children's kiosk shows of a scholar, the meal services the cafeteria offers and their times, the
 * school's logo (saved on its own, see logo-field.tsx), links to the pay periods' and the portal's settings and to
 * the new school year, the notices the school sends to families (notices-editor.tsx), the roster's OneRoster export for those who may export it, and the backups for those who may
 * change the settings (backups-section.tsx). One Save sends the changed
 * fields; the server validates each with the contract's schema and audits the change with before and after.
 * What was typed stays on the screen when the server refuses it.
 */
import { Button, Checkbox, Field, Fieldset, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { type SchoolSettings, type SchoolSettingsUpdate, SchoolSettingsUpdateSchema } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { TimeZoneField } from '../../../ui/form/time-zone-field';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { adminErrorText } from '../api/admin-error-text';
import { fetchSchoolSettings, saveSchoolSettings, schoolSettingsKey } from '../api/school-settings';
import { ExportRosterCard } from '../roster-export/export-roster-card';
import { BackupsSection } from './backups-section';
import { DismissalEditor, type DismissalSettingsRows, dismissalBody, dismissalRows } from './dismissal-editor';
import { LogoField } from './logo-field';
import { type MealServiceRows, MealServicesEditor, mealServiceRows, mealServicesOf } from './meal-services-editor';
import { type NoticeSettingsRows, NoticesEditor } from './notices-editor';
import { type ReasonRow, ReasonsEditor, reasonKey } from './reasons-editor';

/** The screen; `permissions` are the signed-in person's (the roster export needs roster_imports-view_any). */
export default function SchoolSettingsPage({ permissions = [] }: { permissions?: readonly string[] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'school' });
  const { t: tc } = useTranslation();
  const settings = useQuery({ queryKey: schoolSettingsKey, queryFn: ({ signal }) => fetchSchoolSettings(signal) });
  return (
    <Stack gap="5" maxW="3xl" minW="0">
      <Heading as="h1" size="xl">
        {tc('sections.schoolSettings')}
      </Heading>
      <Text>{t('intro')}</Text>
      <QueryState query={settings} isEmpty={false} emptyText="" offlineText={t('offline')}>
        {settings.data && <SettingsForm key={settings.data.updated_at} settings={settings.data} />}
      </QueryState>
      {permissions.includes('roster_imports-view_any') && <ExportRosterCard />}
      {permissions.includes('school_settings-update') && <BackupsSection />}
    </Stack>
  );
}

const rowsOf = (reasons: string[], spanish: Record<string, string> = {}): ReasonRow[] =>
  reasons.map((en) => ({ key: reasonKey(), en, es: spanish[en] ?? '' }));

type Form = {
  school_name: string;
  time_zone: string;
  start_time: string;
  late_after_minutes: string;
  end_time: string;
  car_line_start: string;
  car_line_end: string;
  late: ReasonRow[];
  departure: ReasonRow[];
  kiosk_show_student_number: boolean;
  kiosk_show_homeroom: boolean;
  meals: MealServiceRows;
  notices: NoticeSettingsRows;
  dismissal: DismissalSettingsRows;
};

function SettingsForm({ settings }: { settings: SchoolSettings }) {
  const { t } = useTranslation('admin', { keyPrefix: 'school' });
  const { t: tc } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { t: ty } = useTranslation('school-year');
  const { t: tl } = useTranslation('car-line');
  const client = useQueryClient();
  const [form, setForm] = useState<Form>(() => ({
    school_name: settings.school_name ?? '',
    time_zone: settings.time_zone ?? 'UTC',
    start_time: settings.start_time,
    late_after_minutes: String(settings.late_after_minutes),
    end_time: settings.end_time,
    car_line_start: settings.car_line_start ?? '14:45',
    car_line_end: settings.car_line_end ?? '16:00',
    late: rowsOf(settings.late_reasons, settings.reasons_es),
    departure: rowsOf(settings.departure_reasons, settings.reasons_es),
    kiosk_show_student_number: settings.kiosk_show_student_number ?? false,
    kiosk_show_homeroom: settings.kiosk_show_homeroom ?? false,
    meals: mealServiceRows(settings.meal_services),
    notices: {
      kinds: [...(settings.notice_kinds ?? [])],
      not_checked_in_by: settings.not_checked_in_by ?? '',
      work_summary_weekday: String(settings.work_summary_weekday ?? 5),
      work_summary_time: settings.work_summary_time ?? '16:00',
    },
    dismissal: dismissalRows(settings),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveSchoolSettings,
    onSuccess: (saved) => client.setQueryData(schoolSettingsKey, saved),
  });
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    const noticeFields = ['notice_kinds', 'not_checked_in_by', 'work_summary_weekday', 'work_summary_time'];
    setErrors((e) =>
      field === 'meals'
        ? Object.fromEntries(Object.entries(e).filter(([key]) => !key.startsWith('meal_services')))
        : field === 'notices'
          ? Object.fromEntries(Object.entries(e).filter(([key]) => !noticeFields.includes(key)))
          : field === 'dismissal'
            ? { ...e, dismissal_cutoff: '', office_phone: '' }
            : { ...e, [field === 'late' ? 'late_reasons' : field === 'departure' ? 'departure_reasons' : field]: '' },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reasons = (rows: ReasonRow[]) => rows.map((r) => r.en.trim());
    const spanish = Object.fromEntries(
      [...form.late, ...form.departure].filter((r) => r.en.trim()).map((r) => [r.en.trim(), r.es.trim() || null]),
    );
    const body: SchoolSettingsUpdate = {
      school_name: form.school_name.trim(),
      time_zone: form.time_zone,
      start_time: form.start_time,
      late_after_minutes: form.late_after_minutes.trim() === '' ? Number.NaN : Number(form.late_after_minutes),
      end_time: form.end_time,
      car_line_start: form.car_line_start,
      car_line_end: form.car_line_end,
      late_reasons: reasons(form.late),
      departure_reasons: reasons(form.departure),
      reasons_es: spanish as SchoolSettingsUpdate['reasons_es'],
      kiosk_show_student_number: form.kiosk_show_student_number,
      kiosk_show_homeroom: form.kiosk_show_homeroom,
      meal_services: mealServicesOf(form.meals),
      notice_kinds: form.notices.kinds,
      not_checked_in_by: form.notices.not_checked_in_by || null,
      work_summary_weekday: Number(form.notices.work_summary_weekday),
      work_summary_time: form.notices.work_summary_time,
      ...dismissalBody(form.dismissal),
    };
    const parsed = SchoolSettingsUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstOfEach(toFieldErrors(parsed.error)));
      setFailure(tc('form.incomplete'));
      return;
    }
    setFailure(null);
    save.mutate(parsed.data, {
      onSuccess: () => addNotification({ type: 'success', text: t('saved') }),
      onError: (err) => {
        const fields = firstOfEach(toFieldErrors(err));
        setErrors(fields);
        setFailure(Object.keys(fields).length ? tc('form.incomplete') : adminErrorText(err, ta));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <Stack gap="6">
        <FormAlert text={failure} />
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('identity')}</Fieldset.Legend>
          <Stack gap="4" mt="2">
            <Field.Root invalid={Boolean(errors.school_name)} required>
              <Field.Label>{t('name')}</Field.Label>
              <Input
                name="school_name"
                maxLength={120}
                value={form.school_name}
                onChange={(e) => set('school_name', e.target.value)}
              />
              {errors.school_name && <Field.ErrorText>{errors.school_name}</Field.ErrorText>}
            </Field.Root>
            <TimeZoneField
              value={form.time_zone}
              onChange={(zone) => set('time_zone', zone)}
              error={errors.time_zone}
            />
            <Text fontSize="sm" color="fg.muted">
              {t('timeZoneWarning')}
            </Text>
            <LogoField settings={settings} />
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('day')}</Fieldset.Legend>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4" mt="2">
            <TimeInput
              label={t('start')}
              value={form.start_time}
              error={errors.start_time}
              onChange={(v) => set('start_time', v)}
            />
            <Field.Root invalid={Boolean(errors.late_after_minutes)} required>
              <Field.Label>{t('lateAfter')}</Field.Label>
              <Input
                name="late_after_minutes"
                inputMode="numeric"
                value={form.late_after_minutes}
                onChange={(e) => set('late_after_minutes', e.target.value)}
              />
              <Field.HelperText>{t('lateAfterHint')}</Field.HelperText>
              {errors.late_after_minutes && <Field.ErrorText>{errors.late_after_minutes}</Field.ErrorText>}
            </Field.Root>
            <TimeInput
              label={t('end')}
              value={form.end_time}
              error={errors.end_time}
              onChange={(v) => set('end_time', v)}
            />
            <TimeInput
              label={tl('settings.start')}
              value={form.car_line_start}
              error={errors.car_line_start}
              onChange={(v) => set('car_line_start', v)}
            />
            <TimeInput
              label={tl('settings.end')}
              value={form.car_line_end}
              error={errors.car_line_end}
              onChange={(v) => set('car_line_end', v)}
            />
          </Stack>
        </Fieldset.Root>
        <ReasonsEditor
          legend={t('lateReasons')}
          rows={form.late}
          onChange={(rows) => set('late', rows)}
          error={errors.late_reasons}
        />
        <ReasonsEditor
          legend={t('departureReasons')}
          rows={form.departure}
          onChange={(rows) => set('departure', rows)}
          error={errors.departure_reasons}
        />
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('kiosk')}</Fieldset.Legend>
          <Fieldset.HelperText>{t('kioskHint')}</Fieldset.HelperText>
          <Stack gap="1" mt="2">
            {(['kiosk_show_student_number', 'kiosk_show_homeroom'] as const).map((field) => (
              <Checkbox.Root
                key={field}
                checked={form[field]}
                minH="10"
                onCheckedChange={(d) => set(field, d.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {t(field === 'kiosk_show_homeroom' ? 'showHomeroom' : 'showStudentNumber')}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <MealServicesEditor rows={form.meals} errors={errors} onChange={(rows) => set('meals', rows)} />
        <NoticesEditor rows={form.notices} errors={errors} onChange={(rows) => set('notices', rows)} />
        <DismissalEditor rows={form.dismissal} errors={errors} onChange={(rows) => set('dismissal', rows)} />
        <Text>
          {t('payPeriodsElsewhere')}{' '}
          <Link asChild color="primary.fg">
            <RouterLink to="/timesheet-schedule/edit-days-off">{tc('sections.editDaysOff')}</RouterLink>
          </Link>
        </Text>
        <Text>
          {t('elsewhere')}{' '}
          <Link asChild color="primary.fg">
            <RouterLink to="/portal-content/settings">{tc('sections.portalSettings')}</RouterLink>
          </Link>
        </Text>
        <Text>
          {ty('link')}{' '}
          <Link asChild color="primary.fg">
            <RouterLink to="/admin/school-year">{tc('sections.newSchoolYear')}</RouterLink>
          </Link>
        </Text>
        <Button type="submit" alignSelf="flex-start" colorPalette="primary" minH="10" loading={save.isPending}>
          {t('save')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The first message of each field, the reasons' own (`late_reasons.2`) under their list; a meal service's time keeps
 * its own path (`meal_services.lunch.end`), shown under that time.
 */
function firstOfEach(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const top = field.startsWith('meal_services.') ? field : (field.split('.')[0] ?? field);
    out[top] ??= message;
  }
  return out;
}

function TimeInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>{label}</Field.Label>
      <Input type="time" value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
