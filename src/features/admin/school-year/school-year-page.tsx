/**
 * The new school year (/admin/school-year, `school_settings-update`): the current year's dates, then the new year's
 * form; Preview shows what it will do without changing anything, and "Start the new school year" (after a confirm)
 * applies exactly what was previewed. A change to the form after the preview asks for a new preview. The start
 * carries an id made at each preview, so pressing it again after a lost answer changes nothing twice. Online only.
 */
import { Alert, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, SERVER_ERROR } from '../../../api/client';
import { uuidv7 } from '../../../contract/ids';
import {
  type SchoolYearApplied,
  type SchoolYearDates,
  type SchoolYearPreview,
  SchoolYearPreviewSchema,
  type SchoolYearSummary,
} from '../../../contract/school-year';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryState } from '../../../ui/data/query-state';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { formatDay } from '../../../ui/school-clock';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useOnline } from '../../../ui/use-online';
import { schoolSettingsKey } from '../api/school-settings';
import { applySchoolYear, fetchSchoolYear, previewSchoolYear, schoolYearKey } from './api/school-year';
import { translateErrors } from './messages';
import { bodyOf, EMPTY_YEAR_FORM, YearForm, type YearFormValues } from './year-form';
import { YearSummary } from './year-summary';

/** The screen. */
export default function SchoolYearPage() {
  const { t } = useTranslation('school-year');
  const { t: tc } = useTranslation();
  const year = useQuery({ queryKey: schoolYearKey, queryFn: ({ signal }) => fetchSchoolYear(signal) });
  return (
    <Stack gap="5" maxW="3xl" minW="0">
      <Heading as="h1" size="xl">
        {tc('sections.newSchoolYear')}
      </Heading>
      <Text>{t('intro')}</Text>
      <QueryState query={year} isEmpty={false} emptyText="" offlineText={t('offline')}>
        {year.data && <CurrentYear dates={year.data} />}
        {year.data && <NewYear />}
      </QueryState>
    </Stack>
  );
}

function CurrentYear({ dates }: { dates: SchoolYearDates }) {
  const { t, i18n } = useTranslation('school-year');
  if (!dates.starts_on || !dates.ends_on) return <Text fontWeight="medium">{t('currentNone')}</Text>;
  return (
    <Text fontWeight="medium">
      {t('current', { from: formatDay(dates.starts_on, i18n.language), to: formatDay(dates.ends_on, i18n.language) })}
    </Text>
  );
}

/** What the last preview showed, and the id its start will carry. */
interface Previewed {
  id: string;
  body: SchoolYearPreview;
  summary: SchoolYearSummary;
}

function NewYear() {
  const { t } = useTranslation('school-year');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const online = useOnline();
  const [values, setValues] = useState<YearFormValues>(EMPTY_YEAR_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [applyError, setApplyError] = useState<string | null>(null);
  const [applied, setApplied] = useState<SchoolYearApplied | null>(null);
  const summaryHeading = useRef<HTMLDivElement>(null);
  const preview = useMutation({ mutationFn: previewSchoolYear });
  const apply = useMutation({ mutationFn: applySchoolYear });

  // The summary takes the focus when it appears, so a screen reader reads what the new year will do.
  useEffect(() => {
    if (previewed || applied) summaryHeading.current?.querySelector('h2')?.focus();
  }, [previewed, applied]);

  /** Field errors of a refusal (translated), or the form-level text of any other failure. */
  const showFailure = (error: unknown) => {
    const fields = translateErrors(toFieldErrors(error), t, tc);
    setErrors(fields);
    if (Object.keys(fields).length) return setFailure(tc('form.incomplete'));
    setFailure(failureText(error, t('needsConnection')));
  };

  const change = (next: YearFormValues) => {
    setValues(next);
    setErrors({});
    if (previewed) {
      setPreviewed(null);
      setFailure(t('form.changed'));
    }
  };

  const submit = () => {
    const parsed = SchoolYearPreviewSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      setErrors(translateErrors(toFieldErrors(parsed.error), t, tc));
      setFailure(tc('form.incomplete'));
      return;
    }
    setFailure(null);
    preview.mutate(parsed.data, {
      onSuccess: (summary) => setPreviewed({ id: uuidv7(), body: parsed.data, summary }),
      onError: showFailure,
    });
  };

  const start = (target: Previewed) => {
    setApplyError(null);
    apply.mutate(
      { id: target.id, ...target.body },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setPreviewed(null);
          setApplied(result);
          client.setQueryData(schoolYearKey, { starts_on: result.starts_on, ends_on: result.ends_on });
          void client.invalidateQueries({ queryKey: schoolSettingsKey });
          addNotification({ type: 'success', text: t('done') });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            // The school changed since the preview (another start, a new day off): back to the form, fields in red.
            setConfirming(false);
            setPreviewed(null);
            showFailure(error);
            return;
          }
          setApplyError(failureText(error, t('needsConnection')));
        },
      },
    );
  };

  if (applied) {
    return (
      <Stack gap="4" ref={summaryHeading}>
        <YearSummary summary={applied} applied headingId="school-year-applied" />
        <Link asChild color="primary.fg" alignSelf="flex-start">
          <RouterLink to="/admin/school">{t('summary.back')}</RouterLink>
        </Link>
      </Stack>
    );
  }

  const moved = previewed?.summary.promote.reduce((n, p) => n + p.count, 0) ?? 0;
  return (
    <Stack gap="6">
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('offlineNote')}</Alert.Title>
        </Alert.Root>
      )}
      <FormAlert text={failure} />
      <YearForm
        values={values}
        errors={errors}
        onChange={change}
        onSubmit={submit}
        busy={preview.isPending}
        disabled={!online}
      />
      {previewed && (
        <Stack gap="4" ref={summaryHeading}>
          <YearSummary summary={previewed.summary} headingId="school-year-preview" />
          <Button
            alignSelf="flex-start"
            colorPalette="red"
            minH="11"
            disabled={!online}
            onClick={() => {
              setApplyError(null);
              setConfirming(true);
            }}
          >
            {t('summary.start')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        target={confirming ? previewed : null}
        title={t('confirm.title')}
        body={(target) => <Text>{t('confirm.body', { moved, graduates: target.summary.graduate })}</Text>}
        error={applyError}
        cancelLabel={t('confirm.cancel')}
        confirmLabel={t('confirm.confirm')}
        busy={apply.isPending}
        onConfirm={start}
        onDismiss={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** What to say for a failed call that names no field: no connection in words of its own, else the server's. */
function failureText(error: unknown, offline: string): string {
  if (error instanceof ApiError) return error.isOffline ? offline : error.message;
  return SERVER_ERROR;
}
