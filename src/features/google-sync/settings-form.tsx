/**
 * The sync's settings: the service account's key (pasted, or read from the downloaded JSON file; the server keeps it
 * encrypted and never shows it again, only its client_email), the administrator it acts as, the calendars (one a
 * line, the school's first), and which syncs run. Each wrong field says so under it.
 */
import { Button, Field, Fieldset, HStack, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type GoogleSyncSettings, GoogleSyncSettingsUpdateSchema } from '../../contract/google-sync';
import { type FieldErrors, toFieldErrors } from '../../ui/form/field-errors';
import { addNotification } from '../../ui/notifications';
import { FormAlert } from '../../ui/timekeeping/form-dialog';
import { googleSyncStatusKey, saveGoogleSyncSettings } from './google-sync-api';

export interface SettingsFormProps {
  settings: GoogleSyncSettings;
  canSave: boolean;
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

export function SettingsForm({ settings, canSave }: SettingsFormProps) {
  const { t } = useTranslation('google-sync', { keyPrefix: 'settings' });
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [key, setKey] = useState('');
  const [subject, setSubject] = useState(settings.subject ?? '');
  const [calendars, setCalendars] = useState(settings.calendar_ids.join('\n'));
  const [classroom, setClassroom] = useState(settings.classroom_enabled);
  const [calendar, setCalendar] = useState(settings.calendar_enabled);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveGoogleSyncSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: googleSyncStatusKey }),
  });

  const fail = (error: unknown) => {
    const { _form: general, ...named } = toFieldErrors(error, tc);
    setErrors(named);
    if (error instanceof ApiError && error.isOffline) setFormError(t('offline'));
    else if (error instanceof ApiError && error.status !== 422) setFormError(error.message);
    else setFormError(general ?? tc('form.incomplete'));
  };
  const send = (body: Parameters<typeof saveGoogleSyncSettings>[0], done: string) => {
    const checked = GoogleSyncSettingsUpdateSchema.safeParse(body);
    if (!checked.success) return fail(checked.error);
    setErrors({});
    setFormError(null);
    save.mutate(body, {
      onSuccess: () => {
        setKey('');
        addNotification({ type: 'success', text: done });
      },
      onError: fail,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(
      {
        ...(key.trim() ? { key: key.trim() } : {}),
        subject: subject.trim() || null,
        calendar_ids: lines(calendars),
        classroom_enabled: classroom,
        calendar_enabled: calendar,
      },
      t('saved'),
    );
  };
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setKey(await file.text());
    event.target.value = '';
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <Fieldset.Root disabled={!canSave}>
        <Stack gap="4">
          <FormAlert text={formError} />
          <Field.Root invalid={Boolean(errors.key)}>
            <Field.Label>{t('key')}</Field.Label>
            <Text fontSize="sm">
              {settings.has_key ? t('keySet', { email: settings.client_email ?? '' }) : t('keyNotSet')}
            </Text>
            <Textarea
              value={key}
              onChange={(e) => setKey(e.target.value)}
              rows={4}
              fontFamily="mono"
              fontSize="xs"
              autoComplete="off"
              spellCheck={false}
              // placeholder text of the key box: what a service account key file begins with
              placeholder={t('keyExample')}
            />
            <Field.HelperText>{t('keyHint')}</Field.HelperText>
            {errors.key && <Field.ErrorText>{errors.key}</Field.ErrorText>}
          </Field.Root>
          <HStack gap="3" wrap="wrap">
            <Button variant="outline" minH="10" onClick={() => fileInput.current?.click()}>
              {t('upload')}
            </Button>
            <input
              ref={fileInput}
              aria-label={t('upload')}
              type="file"
              accept=".json,application/json"
              hidden
              onChange={readFile}
            />
            {settings.has_key && canSave && (
              <Button
                variant="outline"
                colorPalette="red"
                minH="10"
                onClick={() => send({ key: null }, t('keyRemoved'))}
                loading={save.isPending}
              >
                {t('removeKey')}
              </Button>
            )}
          </HStack>
          <Field.Root invalid={Boolean(errors.subject)}>
            <Field.Label>{t('subject')}</Field.Label>
            <Input type="email" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={254} />
            <Field.HelperText>{t('subjectHint')}</Field.HelperText>
            {errors.subject && <Field.ErrorText>{errors.subject}</Field.ErrorText>}
          </Field.Root>
          <Field.Root
            invalid={Boolean(errors.calendar_ids ?? Object.keys(errors).find((k) => k.startsWith('calendar_ids.')))}
          >
            <Field.Label>{t('calendars')}</Field.Label>
            <Textarea value={calendars} onChange={(e) => setCalendars(e.target.value)} rows={3} spellCheck={false} />
            <Field.HelperText>{t('calendarsHint')}</Field.HelperText>
            {(errors.calendar_ids ?? Object.entries(errors).find(([k]) => k.startsWith('calendar_ids.'))?.[1]) && (
              <Field.ErrorText>
                {errors.calendar_ids ?? Object.entries(errors).find(([k]) => k.startsWith('calendar_ids.'))?.[1]}
              </Field.ErrorText>
            )}
          </Field.Root>
          <Switch.Root checked={classroom} onCheckedChange={(d) => setClassroom(d.checked)} minH="10">
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('classroomEnabled')}</Switch.Label>
          </Switch.Root>
          <Switch.Root checked={calendar} onCheckedChange={(d) => setCalendar(d.checked)} minH="10">
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('calendarEnabled')}</Switch.Label>
          </Switch.Root>
          {canSave ? (
            <Button type="submit" alignSelf="flex-start" colorPalette="primary" minH="10" loading={save.isPending}>
              {t('save')}
            </Button>
          ) : (
            <Text color="fg.muted">{t('readOnly')}</Text>
          )}
        </Stack>
      </Fieldset.Root>
    </form>
  );
}
