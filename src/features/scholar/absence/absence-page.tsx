/**
 * Report an absence (phone first): a guardian tells the school that one child or several will be absent, late or
 * leaving early, and sees their reports from today on, whether the office has seen each, and changes or withdraws
 * one until its day starts. A scholar's own account is told to ask a guardian. Sending needs a connection; the list
 * shows the phone's last answer offline, "as of" then.
 */
import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import {
  type AbsencePickUps,
  type AbsenceReason,
  type AbsenceReport,
  AbsenceReportCreateSchema,
  uuidv7,
} from '../../../contract';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryState } from '../../../ui/data/query-state';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { instantAt } from '../../../ui/school-clock';
import { useOnline } from '../../../ui/use-online';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { formatWallTime, useLocale } from '../layout/portal-format';
import { PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { createAbsenceReport, PICK_UPS_PATH, REPORTS_PATH, updateAbsenceReport, withdrawAbsenceReport } from './api';
import { type Draft, ReportForm } from './report-form';
import { ReportList } from './report-list';

type ListResponse = { data: AbsenceReport[] };

const blank = (scholarId: string, today: string): Draft => ({
  scholar_ids: [scholarId],
  kind: 'absent',
  starts_on: today,
  ends_on: today,
  at_time: '',
  pick_up_id: '',
  reason: 'ill',
  note: '',
});

/** The body a draft sends: only the fields its kind uses. */
const bodyOf = (draft: Draft) => ({
  scholar_ids: draft.scholar_ids,
  kind: draft.kind,
  starts_on: draft.starts_on,
  ends_on: draft.kind === 'absent' && draft.ends_on ? draft.ends_on : null,
  at_time: draft.kind === 'absent' ? null : draft.at_time || null,
  pick_up_id: draft.kind === 'early' ? draft.pick_up_id || null : null,
  reason: draft.reason as AbsenceReason,
  note: draft.note,
});

export default function AbsencePage() {
  const { t } = useTranslation('absence');
  const { t: tc } = useTranslation();
  const { userId, userType, scholars, scholar, today, timeZone } = usePortal();
  const locale = useLocale();
  const online = useOnline();
  const client = useQueryClient();
  const guardian = userType === 'parent';
  const reports = usePortalQuery<ListResponse>(userId, guardian ? REPORTS_PATH : null);
  const pickUps = usePortalQuery<AbsencePickUps>(userId, guardian ? PICK_UPS_PATH : null);
  const [draft, setDraft] = useState<Draft>(() => blank(scholar.id, today));
  /** The client id of the report being sent, kept until it is answered so that a retry is the same report. */
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [editing, setEditing] = useState<AbsenceReport | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<AbsenceReport | null>(null);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);

  if (!guardian) {
    return (
      <PortalScreen title={tc('sections.absence')}>
        <Text>{t('forGuardians')}</Text>
      </PortalScreen>
    );
  }

  const startTime = pickUps.data?.data.start_time ?? '08:00';
  const started = (r: Pick<AbsenceReport, 'starts_on'>) =>
    Date.now() >= Date.parse(instantAt(r.starts_on, startTime, pickUps.data?.data.time_zone ?? timeZone));
  const refresh = () => client.invalidateQueries({ queryKey: ['portal', userId, REPORTS_PATH] });
  const fail = (err: unknown) => {
    const fields = toFieldErrors(err);
    setErrors(Object.keys(fields).length ? fields : { _form: err instanceof Error ? err.message : String(err) });
  };

  const submit = async () => {
    setDone(null);
    setErrors({});
    const id = pendingId ?? uuidv7();
    const body = bodyOf(draft);
    if (!editing) {
      const parsed = AbsenceReportCreateSchema.safeParse({ id, ...body });
      if (!parsed.success) return fail(parsed.error);
    }
    setBusy(true);
    try {
      if (editing) {
        const { scholar_ids: _ids, ...change } = body;
        await updateAbsenceReport(editing.id, change);
        setEditing(null);
        setDone(t('form.saved'));
      } else {
        setPendingId(id);
        await createAbsenceReport({ id, ...body });
        setPendingId(null);
        setDone(t('form.sent'));
      }
      setDraft(blank(scholar.id, today));
      await refresh();
    } catch (err) {
      // A refusal (422, 404) is not the same report sent again: the next try is a new one.
      if (err instanceof ApiError && !err.isOffline && err.status < 500) setPendingId(null);
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const edit = (r: AbsenceReport) => {
    setDone(null);
    setErrors({});
    setEditing(r);
    setDraft({
      scholar_ids: [r.scholar_id],
      kind: r.kind,
      starts_on: r.starts_on,
      ends_on: r.ends_on,
      at_time: r.at_time ?? '',
      pick_up_id: r.pick_up_id ?? '',
      reason: r.reason,
      note: r.note ?? '',
    });
  };

  const withdraw = async (r: AbsenceReport) => {
    setBusy(true);
    setWithdrawError(null);
    try {
      await withdrawAbsenceReport(r.id);
      setWithdrawing(null);
      await refresh();
    } catch (err) {
      setWithdrawError(t('list.failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };

  const list = reports.data?.data.data ?? [];
  return (
    <PortalScreen title={tc('sections.absence')} subtitle={t('explain', { time: formatWallTime(startTime, locale) })}>
      <Stack gap="3" as="section" aria-labelledby="absence-form-title">
        <Heading as="h2" size="md" id="absence-form-title">
          {editing ? t('form.editTitle', { name: editing.scholar_name }) : t('form.newTitle')}
        </Heading>
        {done && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{done}</Alert.Description>
          </Alert.Root>
        )}
        {errors._form && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errors._form}</Alert.Description>
          </Alert.Root>
        )}
        <ReportForm
          draft={draft}
          onChange={setDraft}
          scholars={scholars}
          pickUps={pickUps.data?.data.data ?? []}
          editing={editing !== null}
          errors={errors}
          busy={busy}
          online={online}
          onSubmit={() => void submit()}
          onCancel={
            editing
              ? () => {
                  setEditing(null);
                  setErrors({});
                  setDraft(blank(scholar.id, today));
                }
              : undefined
          }
        />
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="absence-list-title">
        <Heading as="h2" size="md" id="absence-list-title">
          {t('list.title')}
        </Heading>
        <AsOfNotice fetchedAt={reports.data?.fetchedAt} fromDevice={reports.data?.fromDevice} />
        <QueryState query={reports} isEmpty={list.length === 0} emptyText={t('list.empty')}>
          <ReportList
            reports={list}
            started={started}
            online={online}
            onChange={edit}
            onWithdraw={(r) => {
              setWithdrawError(null);
              setWithdrawing(r);
            }}
          />
        </QueryState>
      </Stack>
      <ConfirmDialog
        target={withdrawing}
        title={t('list.withdrawTitle')}
        body={(r) => <Text>{t('list.withdrawBody', { name: r.scholar_name })}</Text>}
        error={withdrawError}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('list.withdrawConfirm')}
        busy={busy}
        onConfirm={(r) => void withdraw(r)}
        onDismiss={() => setWithdrawing(null)}
      />
    </PortalScreen>
  );
}
