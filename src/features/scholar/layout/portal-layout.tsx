/**
 * The Scholar Portal's layout, phone first: the app bar (given by the app: account menu,
 * settings, sync), whose portal this is (a parent's switcher), the screen, and the navigation: a bottom bar with
 * "More" on phones, a side list from md up (only the one the screen shows is built). It reads `v2/scholar/scholars` (kept on the device for offline use) and
 * provides the portal context every screen reads. Entries the school switched off are left out of the navigation;
 * opening one by its address says so instead of showing it (Home switched off: the first entry kept opens instead).
 * The school's words in the settings (what families read for AutoWork, per language) go into every text that names them.
 */
import { Box, EmptyState, Flex } from '@chakra-ui/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import type { PortalScholarsResponse } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { setSchoolTerms } from '../../../ui/language';
import { schoolDayOf } from '../../../ui/school-clock';
import { SCHOLARS_PATH } from '../data/prefetch';
import { type PortalAnswer, usePortalQuery } from '../data/use-portal-query';
import { BOTTOM_BAR_SPACE, BottomBar } from '../nav/bottom-bar';
import { forAccount, type NavEntry, visibleEntries } from '../nav/portal-entries';
import { SideNav } from '../nav/side-nav';
import { listenForRenewedSubscriptions, resendSubscription } from '../notifications/push-device';
import { PortalContext, type PortalContextValue } from '../portal-context';
import { ScholarSwitcher } from './scholar-switcher';
import { useChosenScholar, writeLastShown } from './use-chosen-scholar';
import { useWideScreen } from './use-wide-screen';

export interface PortalLayoutProps {
  /** The portal's title ('Scholar Portal'). */
  title: string;
  /** The built entries, from the route table, in order. */
  entries: readonly NavEntry[];
  /** The signed-in person; null while unknown. */
  user: { id: string; type: string } | null;
  /** The app bar. */
  renderBar: () => ReactNode;
}

/** The current path without a trailing slash. */
function useCleanPath(): string {
  const { pathname } = useLocation();
  return pathname.replace(/\/+$/, '') || '/';
}

/** The browser's title: the screen's and the portal's. */
function useDocumentTitle(title: string, entries: readonly NavEntry[]) {
  const path = useCleanPath();
  const entry = entries.find((e) => e.to === path);
  const text = entry ? `${entry.title} · ${title}` : title;
  useEffect(() => {
    document.title = text;
  }, [text]);
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Title as="h1">{title}</EmptyState.Title>
        <EmptyState.Description>{text}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The portal with its scholars known: the context, the switcher, the screen and the navigation. */
function PortalFrame({
  user,
  answer,
  entries,
}: {
  user: { id: string; type: string };
  answer: PortalAnswer<PortalScholarsResponse>;
  entries: readonly NavEntry[];
}) {
  const { t } = useTranslation('portal');
  const { data, settings, time_zone: timeZone, today } = answer.data;
  const [chosen, setScholarId] = useChosenScholar(user.id, data);
  // `?scholar=<id>` (a notice's link: the child it is about) chooses that child, then leaves the address, so the
  // switcher decides again from there.
  const [params, setParams] = useSearchParams();
  const asked = params.get('scholar');
  const requested = asked ? data.find((s) => s.id === asked) : undefined;
  const scholar = requested ?? chosen;
  useEffect(() => {
    if (!asked) return;
    if (requested) setScholarId(requested.id);
    setParams(
      (p) => {
        p.delete('scholar');
        return p;
      },
      { replace: true },
    );
  }, [asked, requested, setScholarId, setParams]);
  // This device's push subscription, sent again at each portal start and whenever the service worker renews it.
  useEffect(() => {
    void resendSubscription();
    return listenForRenewedSubscriptions();
  }, [user.id]);
  // The school's words (AutoWork …) in the texts, in each language, from the settings the portal reads.
  useEffect(() => setSchoolTerms(settings.terms), [settings.terms]);
  useEffect(() => {
    if (scholar) writeLastShown(user.id, scholar.id, timeZone);
  }, [user.id, scholar, timeZone]);
  const path = useCleanPath();
  const value = useMemo<PortalContextValue | null>(
    () =>
      scholar
        ? {
            userId: user.id,
            userType: user.type,
            scholars: data,
            scholar,
            setScholarId,
            settings,
            timeZone,
            // Offline, the day is the device's clock read in the school's zone, not the day the copy was saved.
            today: answer.fromDevice ? schoolDayOf(Date.now(), timeZone) : today,
            fetchedAt: answer.fetchedAt,
            fromDevice: answer.fromDevice,
          }
        : null,
    [user, data, scholar, setScholarId, settings, timeZone, today, answer.fetchedAt, answer.fromDevice],
  );
  const wide = useWideScreen();
  const visible = visibleEntries(forAccount(entries, user.type), settings.portal_entries_off, settings);
  const switchedOff = entries.some((e) => e.to === path) && !visible.some((e) => e.to === path);
  if (!value) return null;
  // Home switched off: the portal opens on the first entry the school keeps.
  const first = visible[0];
  if (switchedOff && first && entries[0]?.to === path) return <Navigate to={first.to} replace />;
  return (
    <PortalContext.Provider value={value}>
      <Flex flex="1" minH="0">
        {wide && <SideNav entries={visible} />}
        <Box as="main" flex="1" minW="0" pb={{ base: BOTTOM_BAR_SPACE, md: '6' }}>
          <ScholarSwitcher />
          <Box px={{ base: '3', md: '6' }} pt={{ base: '3', md: '6' }}>
            {switchedOff ? <Message title={t('layout.switchedOffTitle')} text={t('layout.switchedOff')} /> : <Outlet />}
          </Box>
        </Box>
      </Flex>
      {!wide && <BottomBar entries={visible} />}
    </PortalContext.Provider>
  );
}

/** The layout: the app bar, then the portal or what stands in its way (loading, offline, error, no scholars). */
export default function PortalLayout({ title, entries, user, renderBar }: PortalLayoutProps) {
  const { t } = useTranslation('portal');
  const query = usePortalQuery<PortalScholarsResponse>(user?.id, SCHOLARS_PATH);
  useDocumentTitle(title, entries);
  const answer = query.data;
  const refused = query.error instanceof ApiError && query.error.status === 403;

  let body: ReactNode;
  if (user && answer && answer.data.data.length > 0) {
    body = <PortalFrame user={user} answer={answer} entries={entries} />;
  } else {
    body = (
      <Box as="main" flex="1" p={{ base: '3', md: '6' }}>
        {refused ? (
          <Message title={t('layout.notForYouTitle')} text={t('layout.notForYou')} />
        ) : answer ? (
          <Message title={t('layout.noScholarsTitle')} text={t('layout.noScholars')} />
        ) : (
          <QueryState query={query} isEmpty={false} emptyText="" offlineText={t('layout.offlineNoData')}>
            {null}
          </QueryState>
        )}
      </Box>
    );
  }
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      {renderBar()}
      {body}
    </Box>
  );
}
