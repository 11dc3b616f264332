/**
 * The layout of a section: the top bar, and a navigation that lists only the children the person may open. From the
 * lg breakpoint (1280 px) the navigation is a sidebar; below it, a drawer opened from the top bar.
 *
 * It also provides TanStack Query to the section's screens (the online screens that read and write through it): this
 * layout is loaded lazily, so the query library stays out of the login and kiosk screens' initial JavaScript (DESIGN
 * section 8). The client is created once for the app, so its cache is kept when moving between sections.
 */
import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Stack } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../features/auth/session-instance';
import { useSchoolName } from '../../features/auth/use-config';
import { appQueryClient } from '../query-client';
import { childPath, navFor, type SectionRoute } from '../route-table';
import { AppBar } from './app-bar';
// The recipes of the section's screens (tables, dialogs, drawers...), before any of them renders.
import '../../ui/theme/more-recipes';

function SectionNav({ section, onNavigate }: { section: SectionRoute; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const children = navFor(section, permissions);
  return (
    <Stack as="ul" gap="1" listStyleType="none" p="0" m="0">
      {children.map((c) => (
        <Box as="li" key={c.name}>
          <NavLink to={childPath(section, c)} end onClick={onNavigate}>
            {({ isActive }) => (
              <Box
                px="3"
                py="2"
                borderRadius="md"
                fontWeight={isActive ? 'semibold' : 'normal'}
                bg={isActive ? 'primary.subtle' : undefined}
                color={isActive ? 'primary.fg' : undefined}
                _hover={{ bg: 'bg.muted' }}
                aria-current={isActive ? 'page' : undefined}
              >
                {t(c.title as 'sections.administration')}
              </Box>
            )}
          </NavLink>
        </Box>
      ))}
    </Stack>
  );
}

const queryClient = appQueryClient();

/** Menu icon: three bars. */
function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
      <rect x="2" y="4" width="16" height="2" rx="1" />
      <rect x="2" y="9" width="16" height="2" rx="1" />
      <rect x="2" y="14" width="16" height="2" rx="1" />
    </svg>
  );
}

/** The browser's title: the page's title as the route table names it, its section's, and the school's name. */
function useDocumentTitle(section: SectionRoute) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const schoolName = useSchoolName() ?? t('appName');
  const clean = pathname.replace(/\/+$/, '') || '/';
  const child = section.children.find((c) => childPath(section, c) === clean);
  const parts = [child?.title, section.title]
    .filter((key, i, all): key is string => Boolean(key) && all.indexOf(key) === i)
    .map((key) => t(key as 'sections.administration'));
  const title = [...parts, schoolName].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The layout of one section of the route table. */
export default function SectionLayout({ section }: { section: SectionRoute }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useDocumentTitle(section);
  const title = t(section.title as 'sections.administration');
  const navLabel = `${title}: ${t('navigation')}`;
  return (
    <QueryClientProvider client={queryClient}>
      <Box minH="100dvh" display="flex" flexDirection="column">
        <AppBar
          title={title}
          start={
            <IconButton
              aria-label={navLabel}
              variant="ghost"
              color="inherit"
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => setOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          }
        />
        <Flex flex="1" minH="0">
          <Box as="nav" aria-label={navLabel} display={{ base: 'none', lg: 'block' }} w="64" p="3" borderEndWidth="1px">
            <SectionNav section={section} />
          </Box>
          <Box as="main" flex="1" minW="0" p={{ base: '3', md: '6' }}>
            <Outlet />
          </Box>
        </Flex>
        <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>{title}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <nav aria-label={navLabel}>
                    <SectionNav section={section} onNavigate={() => setOpen(false)} />
                  </nav>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('actions.close')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      </Box>
    </QueryClientProvider>
  );
}
