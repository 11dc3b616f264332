/**
 * Scholar Led Conferences: on the conference day the sign-in sheet (the conference's title, the
 * school's paragraphs, in Spanish for a Spanish reader when the school wrote them, "Click to Sign In") for the scholar and their family; before it, the day and times. A
 * sign-in goes through the device's outbox, so it is taken offline too and shows as waiting until sent.
 */
import { Alert, Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalConference, PortalConferencesResponse } from '../../../contract/conferences';
import { QueryState } from '../../../ui/data/query-state';
import { useSchoolWords } from '../../../ui/school-words';
import { useOutboxSend } from '../covid-screening/use-outbox-send';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { formatLongDay, formatWallTime, useLocale } from '../layout/portal-format';
import { ItemList, PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';

function Sheet({
  conference,
  waiting,
  onSignIn,
  busy,
  time,
  parentSigns,
}: {
  conference: PortalConference;
  waiting: boolean;
  onSignIn: () => void;
  busy: boolean;
  time: (iso: string) => string;
  parentSigns: boolean;
}) {
  const { t } = useTranslation('conferences');
  const { userType } = usePortal();
  const locale = useLocale();
  const words = useSchoolWords();
  // On a scholar's phone with the parent login, the parent signs: their sign-in is the one that counts here.
  const signerType = parentSigns ? 'parent' : userType;
  const mine = conference.sign_ins.filter((s) => s.signer_type === signerType);
  const signed = mine.length > 0 || waiting;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {words.text(conference.title, conference.title_es)}
        </Heading>
        <Text color="fg.muted">
          {t('when', {
            start: formatWallTime(conference.start_time, locale),
            end: formatWallTime(conference.end_time, locale),
          })}
        </Text>
        {words
          .text(conference.body, conference.body_es)
          .split(/\n\s*\n/)
          .map((p) => (
            <Text key={p}>{p}</Text>
          ))}
        {conference.sign_ins.length > 0 && (
          <Stack gap="1" as="ul" listStyleType="none" m="0" p="0" aria-label={t('signedInList')}>
            {conference.sign_ins.map((s) => (
              <Text as="li" key={s.id}>
                {t('signedIn', { name: s.signer_name, time: time(s.signed_at) })}
              </Text>
            ))}
          </Stack>
        )}
        {waiting && (
          <Badge alignSelf="flex-start" colorPalette="orange" role="status">
            {t('waiting')}
          </Badge>
        )}
        {signed ? (
          <Text fontWeight="medium" role="status">
            {t('thanks')}
          </Text>
        ) : (
          <Button colorPalette="primary" size="lg" alignSelf="stretch" onClick={onSignIn} loading={busy}>
            {t('signIn')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The screen. */
/**
 * The parent's sign-in inside the scholar's session on this phone (the parent login), as the app gives it (the route
 * table's `withSigners`): only whom it answers for matters here.
 */
export interface ConferencesCoSession {
  /** The scholar the parent answers for; empty for any of theirs. */
  scholarId: string;
}

/** A parent signed in for this scholar on the scholar's phone (the parent login): they are the one who signs. */
export const byParentLogin = (parent: ConferencesCoSession | null, userType: string, scholarId: string) =>
  userType === 'student' && parent !== null && (!parent.scholarId || parent.scholarId === scholarId);

export default function ConferencesPage({ coSession = null }: { coSession?: ConferencesCoSession | null }) {
  const { t } = useTranslation('conferences');
  const { t: tc } = useTranslation();
  const { userId, scholar, timeZone, userType } = usePortal();
  const locale = useLocale();
  const words = useSchoolWords();
  const query = usePortalQuery<PortalConferencesResponse>(userId, `v2/scholar/conferences/${scholar.id}`);
  const outbox = useOutboxSend('conference_sign_ins', scholar.id, () => void query.refetch());
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = query.data?.data.data ?? [];
  const today = list.filter((c) => c.is_today);
  const later = list.filter((c) => !c.is_today);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

  const parentSigns = byParentLogin(coSession, userType, scholar.id);
  const signIn = async (conference: PortalConference) => {
    setBusy(conference.id);
    setFailure(null);
    try {
      await outbox.send({
        conference_id: conference.id,
        scholar_id: scholar.id,
        signed_at: new Date().toISOString(),
        by_parent_login: parentSigns,
      });
    } catch {
      setFailure(t('notKept'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <PortalScreen title={tc('sections.conferences')} subtitle={t('explain')}>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={list.length === 0} emptyText={t('empty')}>
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {today.length > 0 && (
          <ItemList>
            {today.map((c) => (
              <Sheet
                key={c.id}
                conference={c}
                waiting={Boolean(outbox.waiting?.some((e) => e.data.conference_id === c.id))}
                onSignIn={() => void signIn(c)}
                busy={busy === c.id}
                time={time}
                parentSigns={parentSigns}
              />
            ))}
          </ItemList>
        )}
        {later.length > 0 && (
          <Stack gap="2">
            <Heading as="h2" size="md">
              {t('upcoming')}
            </Heading>
            <ItemList>
              {later.map((c) => (
                <Box as="li" key={c.id} borderWidth="1px" borderRadius="md" p="3">
                  <Text fontWeight="medium">{words.text(c.title, c.title_es)}</Text>
                  <Text color="fg.muted">
                    {t('on', {
                      day: formatLongDay(c.held_on, locale),
                      start: formatWallTime(c.start_time, locale),
                      end: formatWallTime(c.end_time, locale),
                    })}
                  </Text>
                </Box>
              ))}
            </ItemList>
          </Stack>
        )}
      </QueryState>
    </PortalScreen>
  );
}
