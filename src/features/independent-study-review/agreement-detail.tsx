/**
 * One agreement for staff: its state, header, deadline, course table and version hash, each
 * signature's evidence, and what the caller may do now: edit or delete a draft and send it for signatures (update,
 * delete), add an addendum to a sent or signed one (update), countersign as its supervising teacher, and download
 * the signed PDF.
 */

import { Alert, Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import type { AgreementDetail } from '../../contract/independent-study';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DescriptionList } from '../../ui/data/description-list';
import { QueryState } from '../../ui/data/query-state';
import { DialogShell } from '../../ui/dialog-shell';
import { formatClockTime, formatDay, instantAt } from '../../ui/school-clock';
import { AgreementForm, type FormMode } from './agreement-form';
import { agreementKeys, deleteAgreement, downloadPdf, sendAgreement, useAgreement } from './api';
import { CountersignForm } from './countersign-form';
import { EvidenceList } from './evidence-list';

export const STATE_COLORS: Record<AgreementDetail['state'], string> = {
  draft: 'gray',
  awaiting_scholar: 'orange',
  awaiting_parent: 'orange',
  awaiting_teacher: 'blue',
  signed: 'green',
};

export interface AgreementDetailProps {
  id: string;
  permissions: readonly string[];
  userId: string | null;
  onBack: () => void;
}

function Header({ a }: { a: AgreementDetail }) {
  const { t, i18n } = useTranslation('independent-study');
  const timeZone = useSchoolTimeZone();
  // Dates and the conference's time as the reader's language writes them ('Mon, Jan 4, 2027', '3:30 PM').
  const day = (d: string) => formatDay(d, i18n.language);
  const rows: [string, string][] = [
    [t('header.studentId'), a.student_number],
    [t('header.grade'), a.grade],
    [t('header.duration'), a.duration],
    [t('header.begins'), day(a.begins_on)],
    [t('header.ends'), day(a.ends_on)],
    [t('header.schoolDays'), String(a.school_days)],
    [t('header.deadline'), a.deadline ? day(a.deadline) : t('header.noDeadline')],
    [
      t('header.conference'),
      t('header.conferenceAt', {
        date: day(a.conference_on),
        time: formatClockTime(instantAt(a.conference_on, a.conference_time, timeZone), timeZone, i18n.language),
        place: a.conference_place,
      }),
    ],
    ...(a.conference_notes ? [[t('header.notes'), a.conference_notes] as [string, string]] : []),
    [t('header.teacher'), a.teacher_name],
    [
      t('courses.caption'),
      a.courses
        .map(
          (c) =>
            `${c.subject}${c.course ? ` (${c.course})` : ''}, ${c.grade_band}${c.course_value === null ? '' : `, ${c.course_value}`}`,
        )
        .join('; '),
    ],
  ];
  return <DescriptionList rows={rows} />;
}

/** The view. */
export function AgreementDetailView({ id, permissions, userId, onBack }: AgreementDetailProps) {
  const { t } = useTranslation('independent-study');
  const query = useAgreement(id);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormMode | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const a = query.data?.data;
  const can = (action: string) => permissions.includes(`independent_study-${action}`);

  const saved = (next: AgreementDetail, text: string) => {
    queryClient.setQueryData(agreementKeys.detail(next.id), { data: next });
    void queryClient.invalidateQueries({ queryKey: [...agreementKeys.all, 'list'] });
    setForm(null);
    setMessage({ status: 'success', text });
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (err) {
      setMessage({ status: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4" maxW="4xl">
      <Button variant="ghost" alignSelf="start" onClick={onBack}>
        {t('review.back')}
      </Button>
      <QueryState query={query} isEmpty={!a} emptyText={t('review.empty')}>
        {a && (
          <Stack gap="4">
            <HStack justify="space-between" wrap="wrap">
              <Heading as="h1" size="xl">
                {a.scholar_name}
              </Heading>
              <Badge colorPalette={STATE_COLORS[a.state]} size="lg">
                {t(`states.${a.state}`)}
              </Badge>
            </HStack>
            {a.overdue && (
              <Text color="fg.error" fontWeight="semibold">
                {t('header.overdue')}
              </Text>
            )}
            {message && (
              <Alert.Root status={message.status} role={message.status === 'error' ? 'alert' : 'status'}>
                <Alert.Indicator />
                <Alert.Description>{message.text}</Alert.Description>
              </Alert.Root>
            )}
            <Header a={a} />
            {a.version_hash && (
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                {t('version', { number: a.version_number, hash: a.version_hash })}
              </Text>
            )}
            {a.content && a.content.addenda.length > 0 && (
              <Stack gap="1">
                <Heading as="h2" size="md">
                  {t('addenda')}
                </Heading>
                {a.content.addenda.map((x) => (
                  <Text key={x.number}>{t('addendum', { number: x.number, text: x.description })}</Text>
                ))}
              </Stack>
            )}
            <HStack gap="3" wrap="wrap">
              {a.state === 'draft' && can('update') && (
                <>
                  <Button variant="outline" onClick={() => setForm({ kind: 'edit', agreement: a })}>
                    {t('review.edit')}
                  </Button>
                  <Button
                    colorPalette="primary"
                    loading={busy}
                    onClick={() => run(async () => saved((await sendAgreement(a.id)).data, t('review.sent')))}
                  >
                    {t('review.send')}
                  </Button>
                </>
              )}
              {a.state === 'draft' && can('delete') && (
                <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
                  {t('review.delete')}
                </Button>
              )}
              {a.state !== 'draft' && can('update') && (
                <Button variant="outline" onClick={() => setForm({ kind: 'addendum', agreement: a })}>
                  {t('review.addendum')}
                </Button>
              )}
              {a.state === 'signed' && (
                <Button
                  colorPalette="primary"
                  loading={busy}
                  onClick={() => run(() => downloadPdf(a.id, `independent-study-${a.student_number}.pdf`))}
                >
                  {t('pdf.download')}
                </Button>
              )}
            </HStack>
            {a.state === 'awaiting_teacher' && a.teacher_id === userId && (
              <CountersignForm
                agreement={a}
                fullName={a.teacher_name}
                onSigned={(next) => saved(next, t('review.countersigned'))}
              />
            )}
            <EvidenceList agreement={a} />
            <DialogShell
              open={form !== null}
              title={form?.kind === 'addendum' ? t('review.addendum') : t('review.form.editTitle')}
              onClose={() => setForm(null)}
            >
              {form && (
                <AgreementForm
                  mode={form}
                  onCancel={() => setForm(null)}
                  onSaved={(next) =>
                    saved(next, form.kind === 'addendum' ? t('review.addendumSaved') : t('review.saved'))
                  }
                />
              )}
            </DialogShell>
            <ConfirmDialog
              target={confirmDelete ? a : null}
              title={t('review.delete')}
              body={() => t('review.deleteConfirm')}
              error={null}
              cancelLabel={t('review.cancel')}
              confirmLabel={t('review.delete')}
              busy={busy}
              onDismiss={() => setConfirmDelete(false)}
              onConfirm={(target) =>
                run(async () => {
                  setConfirmDelete(false);
                  await deleteAgreement(target.id);
                  void queryClient.invalidateQueries({ queryKey: agreementKeys.all });
                  onBack();
                })
              }
            />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
