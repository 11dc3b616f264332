/**
 * /scholar/independent-study: the chosen scholar's Independent Study Learning Agreements,
 * for the scholar and the parent on their phones. Each shows its state, header and deadline, the agreement to read,
 * the signatures so far, and the form of whoever signs next on this phone: the scholar with their own account; a
 * parent signed in on their own, or through the parent login on the scholar's phone (the parent's token signs).
 * A signed agreement downloads as a PDF with its certificate page. Offline: the device's copy with "as of".
 */
import { Alert, Badge, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { SessionUser } from '../../../contract';
import type { AgreementDetail, PortalAgreementsResponse, SignerRole } from '../../../contract/independent-study';
import { QueryState } from '../../../ui/data/query-state';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { formatLongDay, useLocale } from '../layout/portal-format';
import { PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { AgreementHeader, AgreementSections } from './agreement-text';
import { downloadAgreementPdf } from './api';
import { SignForm } from './sign-form';

const STATE_COLORS: Record<AgreementDetail['state'], string> = {
  draft: 'gray',
  awaiting_scholar: 'orange',
  awaiting_parent: 'orange',
  awaiting_teacher: 'blue',
  signed: 'green',
};

/** Who is signed in on this phone: the account, and a parent's sign-in inside a scholar's session (the parent login). */
export interface PhoneSigners {
  user: Pick<SessionUser, 'type' | 'fname' | 'lname'> | null;
  coSession: { token: string; user: Pick<SessionUser, 'fname' | 'lname'>; scholarId: string } | null;
}

/** Who signs on this phone now: the role, their name on record, and the parent's token on a scholar's phone. */
function signerOf(
  { user, coSession }: PhoneSigners,
  scholarId: string,
): { role: SignerRole; name: string; token?: string } | null {
  if (!user) return null;
  if (user.type === 'student' && coSession && (!coSession.scholarId || coSession.scholarId === scholarId)) {
    return { role: 'parent', name: `${coSession.user.fname} ${coSession.user.lname}`, token: coSession.token };
  }
  if (user.type === 'student') return { role: 'scholar', name: `${user.fname} ${user.lname}` };
  if (user.type === 'parent') return { role: 'parent', name: `${user.fname} ${user.lname}` };
  return null;
}

function PdfButton({ agreement, token }: { agreement: AgreementDetail; token?: string }) {
  const { t } = useTranslation('independent-study');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadAgreementPdf(agreement.id, `independent-study-${agreement.student_number}.pdf`, token);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2">
      <Button
        alignSelf="start"
        colorPalette="primary"
        onClick={download}
        loading={busy}
        loadingText={t('pdf.downloading')}
      >
        {t('pdf.download')}
      </Button>
      {failed && (
        <Text role="alert" color="fg.error">
          {t('pdf.failed')}
        </Text>
      )}
    </Stack>
  );
}

function Signatures({ agreement }: { agreement: AgreementDetail }) {
  const { t } = useTranslation('independent-study');
  const locale = useLocale();
  const current = agreement.signatures.filter((s) => s.version_hash === agreement.version_hash);
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm">
        {t('signatures.heading')}
      </Heading>
      {current.length === 0 && <Text>{t('signatures.none')}</Text>}
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {current.map((s) => (
          <Text as="li" key={s.id}>
            {t('signatures.signed', {
              role: t(`roles.${s.role}`),
              name: s.typed_name,
              when: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(s.signed_at),
              ),
            })}
          </Text>
        ))}
      </Stack>
      {agreement.next_signer && (
        <Text fontWeight="semibold">{t('signatures.waitingFor', { role: t(`roles.${agreement.next_signer}`) })}</Text>
      )}
    </Stack>
  );
}

/** What this phone can do next: sign, ask for the parent login, wait, or download the PDF. */
function NextStep({
  agreement,
  signers,
  onSigned,
}: {
  agreement: AgreementDetail;
  signers: PhoneSigners;
  onSigned: () => void;
}) {
  const { t } = useTranslation('independent-study');
  const { pathname } = useLocation();
  const signer = signerOf(signers, agreement.scholar_id);
  const next = agreement.next_signer;
  if (agreement.state === 'signed') return <PdfButton agreement={agreement} token={signer?.token} />;
  if (!signer || !next) return null;
  if (next === signer.role) {
    return (
      <SignForm
        agreement={agreement}
        role={signer.role}
        fullName={signer.name}
        token={signer.token}
        onSigned={onSigned}
      />
    );
  }
  const note =
    next === 'teacher' ? t('sign.teacherNext') : next === 'scholar' ? t('sign.scholarFirst') : t('sign.parentNeeded');
  return (
    <Alert.Root status="info" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{note}</Alert.Description>
        {next === 'parent' && signers.user?.type === 'student' && (
          <Link asChild color="primary.fg" fontWeight="semibold">
            <RouterLink to={`/scholar/parent-login?return=${encodeURIComponent(pathname)}`}>
              {t('sign.parentLogin')}
            </RouterLink>
          </Link>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

function AgreementCard({
  agreement,
  signers,
  onSigned,
}: {
  agreement: AgreementDetail;
  signers: PhoneSigners;
  onSigned: () => void;
}) {
  const { t } = useTranslation('independent-study');
  const locale = useLocale();
  const [thanked, setThanked] = useState(false);
  const signed = () => {
    setThanked(true);
    onSigned();
  };
  return (
    <Card.Root as="li">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">
            {t('subtitle')}: {agreement.duration}
          </Heading>
          <Badge colorPalette={STATE_COLORS[agreement.state]} size="lg">
            {t(`states.${agreement.state}`)}
          </Badge>
        </HStack>
        {agreement.overdue && (
          <Text color="fg.error" fontWeight="semibold">
            {t('header.overdue')}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <AgreementHeader agreement={agreement} />
          {agreement.content && <AgreementSections content={agreement.content} />}
          <Signatures agreement={agreement} />
          {thanked && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Description>{t('sign.thanks')}</Alert.Description>
            </Alert.Root>
          )}
          <NextStep agreement={agreement} signers={signers} onSigned={signed} />
          {agreement.version_number !== null && (
            <Text fontSize="xs" color="fg.muted">
              {/* The document's hash is evidence for staff (the review screen and the PDF); families see the version. */}
              {t('versionNumber', { number: agreement.version_number })} · {formatLongDay(agreement.begins_on, locale)}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The screen; the route table gives who is signed in on this phone. */
export default function IndependentStudyPage({ user = null, coSession = null }: Partial<PhoneSigners>) {
  const signers: PhoneSigners = { user, coSession };
  const { t } = useTranslation('independent-study');
  const { userId, scholar } = usePortal();
  const path = `v2/scholar/scholars/${scholar.id}/independent_study`;
  const query = usePortalQuery<PortalAgreementsResponse>(userId, path);
  const queryClient = useQueryClient();
  const agreements = query.data?.data.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['portal', userId, path] });
  return (
    <PortalScreen title={t('title')} subtitle={t('subtitle')}>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={agreements.length === 0} emptyText={t('empty')}>
        <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
          {agreements.map((a) => (
            <AgreementCard key={a.id} agreement={a} signers={signers} onSigned={refresh} />
          ))}
        </Stack>
      </QueryState>
    </PortalScreen>
  );
}
