/**
 * Family data requests (/admin/family-data, administrators): how to answer a family's request (from the scholar's
 * page), the retention reminder's setting, the reminder list (withdrawn scholars due for an erase, paginated, each
 * linking to the scholar's page where the erase is) and the erase log (who, when, on whose request, how many records).
 * Online only.
 */
import { Button, Field, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EraseSettingsUpdateSchema, SCHOLAR_DATA_PERMISSIONS } from '../../../contract/scholar-data';
import { QueryState } from '../../../ui/data/query-state';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { formatDay } from '../../../ui/school-clock';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { adminErrorText } from '../api/admin-error-text';
import {
  dueQueryOptions,
  familyDataKeys,
  logQueryOptions,
  saveEraseSettings,
  settingsQueryOptions,
} from './api/family-data';

export default function FamilyDataPage({ permissions = [] }: { permissions?: readonly string[] }) {
  const { t } = useTranslation('family-data');
  const { t: tc } = useTranslation();
  return (
    <Stack gap="6" maxW="4xl" minW="0">
      <Heading as="h1" size="xl">
        {tc('sections.familyData')}
      </Heading>
      <Text>{t('page.intro')}</Text>
      <Text>{t('page.howTo')}</Text>
      <RetentionSetting canChange={permissions.includes(SCHOLAR_DATA_PERMISSIONS.settings)} />
      <DueList />
      <ErasureLog />
    </Stack>
  );
}

function RetentionSetting({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('family-data');
  const { t: ta } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery(settingsQueryOptions());
  const [days, setDays] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = days ?? String(settings.data?.erase_after_days ?? '');
  const save = useMutation({
    mutationFn: (n: number) => saveEraseSettings(n),
    onSuccess: (saved) => {
      client.setQueryData(familyDataKeys.settings, saved);
      void client.invalidateQueries({ queryKey: familyDataKeys.all });
      setDays(null);
      addNotification({ type: 'success', text: t('page.saved', { count: saved.erase_after_days }) });
    },
    onError: (err) => {
      const fields = toFieldErrors(err, (key) => tc(key));
      setError(fields.erase_after_days ?? null);
      setFailure(fields.erase_after_days ? tc('form.incomplete') : adminErrorText(err, ta));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EraseSettingsUpdateSchema.safeParse({ erase_after_days: shown });
    if (!parsed.success) {
      setError(toFieldErrors(parsed.error).erase_after_days ?? tc('form.incomplete'));
      setFailure(tc('form.incomplete'));
      return;
    }
    setError(null);
    setFailure(null);
    save.mutate(parsed.data.erase_after_days);
  };
  return (
    <Stack as="section" aria-labelledby="family-data-setting" gap="3">
      <Heading as="h2" size="md" id="family-data-setting">
        {t('page.settingTitle')}
      </Heading>
      <QueryState query={settings} isEmpty={false} emptyText="" offlineText={t('page.offline')} skeletonRows={1}>
        <form onSubmit={submit} noValidate aria-label={t('page.settingTitle')}>
          <Stack gap="3">
            <FormAlert text={failure} />
            <Field.Root invalid={Boolean(error)} required>
              <Field.Label>{t('page.days')}</Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={3650}
                maxW="40"
                value={shown}
                readOnly={!canChange}
                onChange={(e) => {
                  setDays(e.target.value);
                  setError(null);
                }}
              />
              <Field.HelperText>{t('page.settingHelp')}</Field.HelperText>
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            {canChange && (
              <Button type="submit" alignSelf="flex-start" minH="10" loading={save.isPending}>
                {t('page.save')}
              </Button>
            )}
          </Stack>
        </form>
      </QueryState>
    </Stack>
  );
}

function Pager({
  page,
  total,
  perPage,
  onPage,
}: {
  page: number;
  total: number;
  perPage: number;
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation('family-data');
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <HStack gap="3" wrap="wrap" as="nav" aria-label={t('page.pageOf', { page, pages })}>
      <Button variant="outline" minH="10" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('page.previous')}
      </Button>
      <Text>{t('page.pageOf', { page, pages })}</Text>
      <Button variant="outline" minH="10" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('page.next')}
      </Button>
    </HStack>
  );
}

function DueList() {
  const { t, i18n } = useTranslation('family-data');
  const [page, setPage] = useState(1);
  const due = useQuery({ ...dueQueryOptions(page), placeholderData: keepPreviousData });
  const rows = due.data?.data ?? [];
  return (
    <Stack as="section" aria-labelledby="family-data-due" gap="3">
      <Heading as="h2" size="md" id="family-data-due">
        {t('page.dueTitle')}
      </Heading>
      {due.data && <Text color="fg.muted">{t('page.dueIntro', { count: due.data.meta.erase_after_days })}</Text>}
      <QueryState
        query={due}
        isEmpty={rows.length === 0}
        emptyText={t('page.dueEmpty')}
        offlineText={t('page.offline')}
      >
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {rows.map((r) => {
            const name = `${r.nickname || r.fname} ${r.lname}`;
            return (
              <Stack as="li" key={r.id} gap="0.5" borderWidth="1px" rounded="md" p="3">
                <Link asChild color="primary.fg" fontWeight="semibold" aria-label={t('page.open', { name })}>
                  <RouterLink to={`/admin/scholars/${r.id}`}>{name}</RouterLink>
                </Link>
                <Text fontSize="sm">
                  {t('page.dueLine', {
                    grade: r.grade,
                    number: r.student_number,
                    withdrawn: formatDay(r.withdrawn_on, i18n.language),
                    due: formatDay(r.due_on, i18n.language),
                  })}
                </Text>
              </Stack>
            );
          })}
        </Stack>
        {due.data && (
          <Pager page={page} total={due.data.meta.total} perPage={due.data.meta.per_page} onPage={setPage} />
        )}
      </QueryState>
    </Stack>
  );
}

function ErasureLog() {
  const { t, i18n } = useTranslation('family-data');
  const [page, setPage] = useState(1);
  const log = useQuery({ ...logQueryOptions(page), placeholderData: keepPreviousData });
  const rows = log.data?.data ?? [];
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Stack as="section" aria-labelledby="family-data-log" gap="3">
      <Heading as="h2" size="md" id="family-data-log">
        {t('page.logTitle')}
      </Heading>
      <QueryState
        query={log}
        isEmpty={rows.length === 0}
        emptyText={t('page.logEmpty')}
        offlineText={t('page.offline')}
      >
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {rows.map((e) => {
            const kept = (e.removed.check_ins_kept ?? 0) + (e.removed.nslp_records_kept ?? 0);
            const removed = Object.entries(e.removed)
              .filter(([k]) => !k.endsWith('_kept') && k !== 'change_log_entries' && !k.endsWith('_scrubbed'))
              .reduce((n, [, v]) => n + v, 0);
            return (
              <Stack as="li" key={e.id} gap="0.5" borderWidth="1px" rounded="md" p="3">
                <Text fontWeight="semibold">
                  {t('page.logLine', {
                    when: when(e.erased_at),
                    who: e.erased_by_name ?? t('page.someone'),
                    requester: t(`dialog.requesters.${e.requested_by}`),
                  })}
                </Text>
                {e.request_note && <Text fontSize="sm">{e.request_note}</Text>}
                <Text fontSize="sm" color="fg.muted">
                  {t('page.logRemoved', { count: removed, kept })}
                </Text>
              </Stack>
            );
          })}
        </Stack>
        {log.data && (
          <Pager page={page} total={log.data.meta.total} perPage={log.data.meta.per_page} onPage={setPage} />
        )}
      </QueryState>
    </Stack>
  );
}
