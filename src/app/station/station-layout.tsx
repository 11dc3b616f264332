/**
 * The layout of a device in station mode (DESIGN section 9): the school's name, today's date and a
 * clock, the station's own pages, the sync status, and nothing else: no section navigation, no account menu, no way to
 * Check In/Out, records, CSV or print. A small "Leave station mode" button asks for a staff PIN or a staff sign-in.
 * Fullscreen where the browser allows (it needs a tap: after a reload the station offers it).
 */
import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import { useSchoolName } from '../../features/auth/use-config';
import { dateTimeFormat, stationDateOptions, stationTimeOptions } from '../../ui/intl-format';
import { SchoolLogo, useKnownSchoolLogoUrl } from '../../ui/school-logo';
import { TOUCH_FEEDBACK } from '../../ui/station/touch-feedback';
import { useNow } from '../../ui/station/use-now';
import { QuietBoundary } from '../../ui/sync/quiet-boundary';
import { loadNamespaces } from '../i18n';
import { useOfflineModule } from '../offline-wiring';
import { appQueryClient } from '../query-client';
import type { StationDef } from './stations';
// The recipes of the station's screens (tables, dialogs...), before any of them renders.
import '../../ui/theme/more-recipes';

const StationSyncStatus = lazy(() =>
  Promise.all([import('./station-sync-status'), loadNamespaces('sync')]).then(([m]) => ({
    default: m.StationSyncStatus,
  })),
);
const LeaveStationDialog = lazy(() => import('./leave-station-dialog'));

/** Today's date and the time on the school's clock, in the reader's language. */
function DateAndClock() {
  const { i18n } = useTranslation();
  const timeZone = useSchoolTimeZone();
  const now = useNow(15_000);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const date = dateTimeFormat(locale, stationDateOptions(timeZone)).format(now);
  const time = dateTimeFormat(locale, stationTimeOptions(timeZone)).format(now);
  return (
    <Box textAlign="end" lineHeight="short">
      <Text fontSize={{ base: 'lg', md: '2xl' }} fontWeight="semibold" aria-label={time} suppressHydrationWarning>
        <time>{time}</time>
      </Text>
      <Text fontSize="sm">{date}</Text>
    </Box>
  );
}

function useFullscreen() {
  const [isFull, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const supported = typeof document.documentElement.requestFullscreen === 'function';
  const enter = () => document.documentElement.requestFullscreen?.().catch(() => undefined);
  return { isFull, supported, enter };
}

export interface StationLayoutProps {
  station: StationDef;
  children: ReactNode;
}

/** The station's frame around its page. */
export default function StationLayout({ station, children }: StationLayoutProps) {
  const { t } = useTranslation();
  const schoolName = useSchoolName();
  const logoUrl = useKnownSchoolLogoUrl();
  const offline = useOfflineModule();
  const fullscreen = useFullscreen();
  const [leaving, setLeaving] = useState(false);
  return (
    <QueryClientProvider client={appQueryClient()}>
      <Box minH="100dvh" display="flex" flexDirection="column" data-station={station.kind}>
        <Flex
          as="header"
          align="center"
          gap="3"
          px={{ base: '3', md: '6' }}
          py="2"
          bg="appBar.bg"
          color="appBar.fg"
          borderBottomWidth="3px"
          borderColor="appBar.accent"
          flexWrap="wrap"
        >
          <SchoolLogo url={logoUrl} name={schoolName} size="2.75rem" />
          <Box minW="0" flex="1">
            <Heading as="p" size={{ base: 'md', md: 'xl' }} truncate>
              {schoolName ?? t('appName')}
            </Heading>
            {offline && (
              <QuietBoundary>
                <Suspense fallback={null}>
                  <StationSyncStatus source={offline} />
                </Suspense>
              </QuietBoundary>
            )}
          </Box>
          <DateAndClock />
        </Flex>
        {station.pages.length > 1 && (
          <HStack as="nav" aria-label={t(station.title as 'appName')} gap="2" px={{ base: '3', md: '6' }} pt="3">
            {station.pages.map((page) => (
              <NavLink key={page.path} to={page.path} end>
                {({ isActive }) => (
                  <Box
                    as="span"
                    display="inline-flex"
                    alignItems="center"
                    minH="11"
                    px="4"
                    borderRadius="full"
                    borderWidth="1px"
                    fontWeight="semibold"
                    bg={isActive ? 'primary.solid' : undefined}
                    color={isActive ? 'primary.contrast' : undefined}
                    aria-current={isActive ? 'page' : undefined}
                  >
                    {t(page.title as 'appName')}
                  </Box>
                )}
              </NavLink>
            ))}
          </HStack>
        )}
        <Box as="main" flex="1" minW="0" p={{ base: '3', md: '6' }} css={TOUCH_FEEDBACK}>
          {children}
        </Box>
        <Flex as="footer" justify="flex-end" gap="2" px="3" py="2">
          {fullscreen.supported && !fullscreen.isFull && (
            <Button size="sm" variant="ghost" minH="11" onClick={fullscreen.enter}>
              {t('stations.fullscreen')}
            </Button>
          )}
          <Button size="sm" variant="ghost" minH="11" onClick={() => setLeaving(true)}>
            {t('stations.leave')}
          </Button>
        </Flex>
        {leaving && (
          <Suspense fallback={null}>
            <LeaveStationDialog onClose={() => setLeaving(false)} />
          </Suspense>
        )}
      </Box>
    </QueryClientProvider>
  );
}
