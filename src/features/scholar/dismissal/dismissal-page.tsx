/**
 * Dismissal changes (phone first): a guardian asks that one child or several go home another way on a day, a range
 * of days or one weekday until a day, and sees their changes from today on and what the office answered. Today's
 * changes close at the school's cutoff: after it the server refuses (409 on the day) and the screen gives the
 * office's phone number to call. A scholar's own account is told to ask a guardian. Sending needs a connection; the
 * list shows the phone's last answer offline, "as of" then.
 */
import { Alert, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import {
  changeAppliesOn,
  type DismissalChange,
  DismissalChangeCreateSchema,
  type DismissalOptions,
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
import { CHANGES_PATH, createDismissalChange, OPTIONS_PATH, withdrawDismissalChange } from './api';
import { ChangeForm, type Draft } from './change-form';
import { ChangeList } from './change-list';

type ListResponse = { data: DismissalChange[] };

const blank = (scholarId: string, today: string): Draft => ({
  scholar_ids: [scholarId],
  plan: 'walker',
  detail: '',
  pick_up_id: '',
  when: 'day',
  starts_on: today,
  ends_on: today,
  weekday: '4',
  note: '',
});

/** The body a draft sends: only the fields its plan and its days use. */
const bodyOf = (draft: Draft) => ({
  scholar_ids: draft.scholar_ids,
  plan: draft.plan,
  detail: draft.plan === 'bus' || draft.plan === 'program' ? draft.detail : null,
  pick_up_id: draft.plan === 'pick_up' ? draft.pick_up_id || null : null,
  starts_on: draft.starts_on,
  ends_on: draft.when === 'day' ? null : draft.ends_on || null,
  weekday: draft.when === 'weekly' ? Number(draft.weekday) : null,
  note: draft.note,
});

/** The office's phone as a link to call, or the plain words when the school gave none. */
function CallOffice({ phone }: { phone: string | null }) {
  const { t } = useTranslation('dismissal');
  if (!phone) return <Text>{t('callOfficeNoPhone')}</Text>;
  return (
    <Text>
      {t('callOffice')}{' '}
      <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} fontWeight="semibold" color="primary.fg">
        {phone}
      </Link>
    </Text>
  );
}

export default function DismissalPage() {
  const { t } = useTranslation('dismissal');
  const { t: tc } = useTranslation();
  const { userId, userType, scholars, scholar, today, timeZone } = usePortal();
  const locale = useLocale();
  const online = useOnline();
  const client = useQueryClient();
  const guardian = userType === 'parent';
  const changes = usePortalQuery<ListResponse>(userId, guardian ? CHANGES_PATH : null);
  const options = usePortalQuery<DismissalOptions>(userId, guardian ? OPTIONS_PATH : null);
  const [draft, setDraft] = useState<Draft>(() => blank(scholar.id, today));
  /** The client id of the change being sent, kept until it is answered so that a retry is the same change. */
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tooLate, setTooLate] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<DismissalChange | null>(null);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);

  if (!guardian) {
    return (
      <PortalScreen title={tc('sections.dismissal')}>
        <Text>{t('forGuardians')}</Text>
      </PortalScreen>
    );
  }

  const settings = options.data?.data;
  const cutoff = settings?.cutoff ?? '14:00';
  const phone = settings?.office_phone ?? null;
  const pastCutoff = () => Date.now() >= Date.parse(instantAt(today, cutoff, settings?.time_zone ?? timeZone));
  const closed = (c: DismissalChange) => changeAppliesOn(c, today) && pastCutoff();
  const refresh = () => client.invalidateQueries({ queryKey: ['portal', userId, CHANGES_PATH] });
  const fail = (err: unknown) => {
    const fields = toFieldErrors(err);
    setErrors(Object.keys(fields).length ? fields : { _form: err instanceof Error ? err.message : String(err) });
  };

  const submit = async () => {
    setDone(null);
    setErrors({});
    setTooLate(false);
    const id = pendingId ?? uuidv7();
    const body = bodyOf(draft);
    const parsed = DismissalChangeCreateSchema.safeParse({ id, ...body });
    if (!parsed.success) return fail(parsed.error);
    setBusy(true);
    try {
      setPendingId(id);
      const answer = await createDismissalChange(parsed.data);
      setPendingId(null);
      setDone(answer.data[0]?.status === 'confirmed' ? t('form.confirmed') : t('form.sent'));
      setDraft(blank(scholar.id, today));
      await refresh();
    } catch (err) {
      // A refusal (409, 422, 404) is not the same change sent again: the next try is a new one.
      if (err instanceof ApiError && !err.isOffline && err.status < 500) setPendingId(null);
      if (err instanceof ApiError && err.status === 409) setTooLate(true);
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async (c: DismissalChange) => {
    setBusy(true);
    setWithdrawError(null);
    try {
      await withdrawDismissalChange(c.id);
      setWithdrawing(null);
      await refresh();
    } catch (err) {
      setWithdrawError(t('list.failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };

  const list = changes.data?.data.data ?? [];
  return (
    <PortalScreen title={tc('sections.dismissal')} subtitle={t('explain', { time: formatWallTime(cutoff, locale) })}>
      <Stack gap="3" as="section" aria-labelledby="dismissal-form-title">
        <Heading as="h2" size="md" id="dismissal-form-title">
          {t('form.title')}
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
        {(tooLate || pastCutoff()) && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('pastCutoff', { time: formatWallTime(cutoff, locale) })}</Alert.Title>
              <Alert.Description>
                <CallOffice phone={phone} />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <QueryState query={options} isEmpty={false} emptyText="">
          <ChangeForm
            draft={draft}
            onChange={setDraft}
            scholars={scholars}
            options={settings?.data ?? []}
            errors={errors}
            busy={busy}
            online={online}
            onSubmit={() => void submit()}
          />
        </QueryState>
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="dismissal-list-title">
        <Heading as="h2" size="md" id="dismissal-list-title">
          {t('list.title')}
        </Heading>
        <AsOfNotice fetchedAt={changes.data?.fetchedAt} fromDevice={changes.data?.fromDevice} />
        <QueryState query={changes} isEmpty={list.length === 0} emptyText={t('list.empty')}>
          <ChangeList
            changes={list}
            closed={closed}
            online={online}
            onWithdraw={(c) => {
              setWithdrawError(null);
              setWithdrawing(c);
            }}
          />
        </QueryState>
      </Stack>
      <ConfirmDialog
        target={withdrawing}
        title={t('list.withdrawTitle')}
        body={(c) => <Text>{t('list.withdrawBody', { name: c.scholar_name })}</Text>}
        error={withdrawError}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('list.withdrawConfirm')}
        busy={busy}
        onConfirm={(c) => void withdraw(c)}
        onDismiss={() => setWithdrawing(null)}
      />
    </PortalScreen>
  );
}
