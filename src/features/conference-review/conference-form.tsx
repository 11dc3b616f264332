/**
 * A conference day's form: title, the school's paragraphs (and both in Spanish, which families reading the portal in
 * Spanish see instead when they are there), day and times, minutes per scholar, teacher, grades.
 */
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { CONFERENCE_DEFAULT_BODY, CONFERENCE_DEFAULT_BODY_ES, type ConferenceRecord, GRADES } from '../../contract';
import { conferencesApi, fetchTeachers, teachersKey } from './conference-api';

export function ConferenceForm({
  conference,
  today,
  onDone,
}: {
  conference: ConferenceRecord | null;
  today: string;
  onDone: (saved: ConferenceRecord | null) => void;
}) {
  const { t } = useTranslation('conferences');
  const client = useQueryClient();
  const teachers = useQuery({ queryKey: teachersKey, queryFn: ({ signal }) => fetchTeachers(signal) });
  const [v, setV] = useState({
    title: conference?.title ?? '',
    body: conference?.body ?? CONFERENCE_DEFAULT_BODY,
    title_es: conference?.title_es ?? '',
    body_es: conference ? (conference.body_es ?? '') : CONFERENCE_DEFAULT_BODY_ES,
    held_on: conference?.held_on ?? today,
    start_time: conference?.start_time ?? '15:00',
    end_time: conference?.end_time ?? '19:00',
    minutes_per_scholar: String(conference?.minutes_per_scholar ?? 20),
    teacher_id: conference?.teacher_id ?? '',
    grades: conference?.grades ?? [],
  });
  const set = (field: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [field]: e.target.value }));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        ...v,
        title_es: v.title_es.trim() || null,
        body_es: v.body_es.trim() || null,
        minutes_per_scholar: Number(v.minutes_per_scholar),
        teacher_id: v.teacher_id || null,
        grades: v.grades as ConferenceRecord['grades'] as never,
      };
      return conference ? conferencesApi.update(conference.id, body) : conferencesApi.create(body);
    },
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: conferencesApi.keys.all });
      onDone(saved as ConferenceRecord);
    },
  });
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const err = (field: string) => errors[field]?.[0];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const LABELS = {
    title: t('review.title'),
    held_on: t('review.heldOn'),
    start_time: t('review.start'),
    end_time: t('review.end'),
    minutes_per_scholar: t('review.minutes'),
  };
  const text = (field: keyof typeof LABELS, type = 'text') => (
    <Field.Root invalid={Boolean(err(field))} required={field !== 'minutes_per_scholar'}>
      <Field.Label>{LABELS[field]}</Field.Label>
      <Input type={type} value={v[field]} onChange={set(field)} />
      {err(field) && <Field.ErrorText>{err(field)}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <form onSubmit={submit} noValidate aria-label={conference ? t('review.edit') : t('review.new')}>
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
        {save.error && !Object.keys(errors).length && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{save.error.message}</Alert.Description>
          </Alert.Root>
        )}
        {text('title')}
        <Field.Root invalid={Boolean(err('body'))} required>
          <Field.Label>{t('review.body')}</Field.Label>
          <Textarea rows={5} value={v.body} onChange={set('body')} />
          <Field.HelperText>{t('review.bodyHint')}</Field.HelperText>
          {err('body') && <Field.ErrorText>{err('body')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(err('title_es'))}>
          <Field.Label>{t('review.titleEs')}</Field.Label>
          <Input lang="es" value={v.title_es} onChange={set('title_es')} />
          {err('title_es') && <Field.ErrorText>{err('title_es')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(err('body_es'))}>
          <Field.Label>{t('review.bodyEs')}</Field.Label>
          <Textarea lang="es" rows={5} value={v.body_es} onChange={set('body_es')} />
          <Field.HelperText>{t('review.spanishHint')}</Field.HelperText>
          {err('body_es') && <Field.ErrorText>{err('body_es')}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="3" wrap="wrap" align="flex-start">
          {text('held_on', 'date')}
          {text('start_time', 'time')}
          {text('end_time', 'time')}
          {text('minutes_per_scholar', 'number')}
        </HStack>
        <Field.Root invalid={Boolean(err('teacher_id'))}>
          <Field.Label>{t('review.teacher')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={v.teacher_id} onChange={set('teacher_id')}>
              <option value="">{t('review.noTeacher')}</option>
              {teachers.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t('review.teacherHint')}</Field.HelperText>
          {err('teacher_id') && <Field.ErrorText>{err('teacher_id')}</Field.ErrorText>}
        </Field.Root>
        <Fieldset.Root invalid={Boolean(err('grades'))}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {t('review.grades')}
          </Fieldset.Legend>
          <HStack wrap="wrap" gap="3">
            {GRADES.map((g) => (
              <Checkbox.Root
                key={g}
                checked={v.grades.includes(g)}
                onCheckedChange={(d) =>
                  setV((x) => ({
                    ...x,
                    grades: d.checked === true ? [...x.grades, g] : x.grades.filter((y) => y !== g),
                  }))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{g}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Fieldset.Root>
        <HStack>
          <Button type="submit" colorPalette="primary" loading={save.isPending}>
            {t('review.save')}
          </Button>
          <Button variant="ghost" onClick={() => onDone(null)}>
            {t('review.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
