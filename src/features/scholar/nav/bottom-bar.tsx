/**
 * The portal's bottom bar on phones (below md): the four most used entries and "More" with the rest (issue P1 item
 * 1), fixed at the bottom within thumb's reach, above the phone's home indicator.
 */
import { Box, Button, Flex } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
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
 * "More": a plain button until the menu's code is here (a tap loads it and opens the menu), then the menu itself.
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
  if (want === 'later') return button(() => setWant('open'));
  return (
    <Suspense fallback={button()}>
      <MoreMenu more={more} current={current} trigger={button()} defaultOpen={want === 'open'} />
    </Suspense>
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
