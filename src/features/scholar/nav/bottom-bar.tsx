/**
 * The portal's bottom bar on phones (below md): the four most used entries and "More" with the rest, fixed at the bottom within thumb's reach, above the phone's home indicator.
 */
import { Box, Button, Flex } from '@chakra-ui/react';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { addNotification } from '../../../ui/notifications/queue';
import { EntryIcon, iconOf } from './entry-icon';
import { entryOf, type NavEntry, splitForBottomBar } from './portal-entries';

/** The height the page keeps free under its content for the bar. */
export const BOTTOM_BAR_SPACE = '20';

const itemStyle = {
  flex: '1',
  minW: '0',
  direction: 'column',
  align: 'center',
  justify: 'center',
  gap: '0.5',
  py: '1.5',
  fontSize: 'xs',
  lineHeight: 'short',
} as const;

const MoreMenu = lazy(() => import('./more-menu'));

/** When the "More" menu's code loads without a tap: after the first screen. */
const MORE_MENU_AFTER_MS = 3000;

/**
 * Shows `fallback` instead of a menu whose code could not load (the phone offline before the service worker had it),
 * so the screen above stays: without it the route's error screen replaced the whole page, a sign-in waiting to be
 * sent included.
 */
class MenuLoadBoundary extends Component<
  { fallback: ReactNode; onFail: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * "More": a plain button until the menu's code is here (a tap loads it, or asks for it to open once loaded), then the
 * menu itself. Code that could not load stays failed for the page (the browser keeps a failed module), so a tap then
 * says to connect when offline, and online reloads the page (what the device keeps, kept), which brings the code.
 */
function MoreSlot({ more, current, inMore }: { more: readonly NavEntry[]; current: string; inMore: boolean }) {
  const { t } = useTranslation('portal');
  const [want, setWant] = useState<'later' | 'load' | 'open'>('later');
  useEffect(() => {
    const timer = setTimeout(() => setWant((w) => (w === 'later' ? 'load' : w)), MORE_MENU_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const button = (onClick?: () => void) => (
    <Button
      variant="ghost"
      h="auto"
      borderRadius="0"
      {...itemStyle}
      display="flex"
      flexDirection="column"
      color={inMore ? 'primary.fg' : 'fg.muted'}
      fontWeight={inMore ? 'semibold' : 'normal'}
      aria-label={t('layout.moreEntries')}
      aria-haspopup="menu"
      onClick={onClick}
    >
      <EntryIcon entry="more" />
      <span>{t('layout.more')}</span>
    </Button>
  );
  const open = () => setWant('open');
  if (want === 'later') return button(open);
  const sayOffline = () => addNotification({ text: t('layout.moreOffline'), type: 'error' });
  const tapFailed = () => (isOffline() ? sayOffline() : window.location.reload());
  // A tap that was waiting for the code to open the menu hears why it did not.
  const failed = () => {
    if (want === 'open')
      addNotification({ text: t(isOffline() ? 'layout.moreOffline' : 'layout.moreFailed'), type: 'error' });
  };
  return (
    <MenuLoadBoundary fallback={button(tapFailed)} onFail={failed}>
      <Suspense fallback={button(open)}>
        <MoreMenu more={more} current={current} trigger={button()} defaultOpen={want === 'open'} />
      </Suspense>
    </MenuLoadBoundary>
  );
}

/** The bar, as a labelled <nav>. */
export function BottomBar({ entries }: { entries: readonly NavEntry[] }) {
  const { t } = useTranslation('portal');
  const { pathname } = useLocation();
  const { bar, more } = splitForBottomBar(entries);
  const clean = pathname.replace(/\/+$/, '');
  const inMore = more.some((e) => e.to === clean);
  return (
    <Box
      as="nav"
      aria-label={t('layout.mainEntries')}
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="bg.panel"
      borderTopWidth="1px"
      pb="env(safe-area-inset-bottom)"
    >
      <Flex as="ul" listStyleType="none" m="0" p="0">
        {bar.map((e) => (
          <Flex as="li" key={e.to} flex="1" minW="0">
            <NavLink to={e.to} end style={{ display: 'flex', flex: 1, minWidth: 0 }}>
              {({ isActive }) => (
                <Flex
                  {...itemStyle}
                  color={isActive ? 'primary.fg' : 'fg.muted'}
                  fontWeight={isActive ? 'semibold' : 'normal'}
                >
                  <EntryIcon entry={iconOf(e.path, entryOf(e.path))} />
                  <Box as="span" lineClamp={2} maxW="full" px="0.5" textAlign="center">
                    {e.title}
                  </Box>
                </Flex>
              )}
            </NavLink>
          </Flex>
        ))}
        {more.length > 0 && (
          <Flex as="li" flex="1" minW="0">
            <MoreSlot more={more} current={clean} inMore={inMore} />
          </Flex>
        )}
      </Flex>
    </Box>
  );
}
