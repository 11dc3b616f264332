/**
 * The portal's bottom bar on phones (below md): the four most used entries and "More" with the rest (issue P1 item
 * 1), fixed at the bottom within thumb's reach, above the phone's home indicator.
 */
import { Box, Button, Flex, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { EntryIcon } from './entry-icon';
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

/** The bar, as a labelled <nav>. */
export function BottomBar({ entries }: { entries: readonly NavEntry[] }) {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
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
                  <EntryIcon entry={entryOf(e.path)} />
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
            <Menu.Root positioning={{ placement: 'top-end' }} onSelect={(d) => navigate(d.value)}>
              <Menu.Trigger asChild>
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
                >
                  <EntryIcon entry="more" />
                  <span>{t('layout.more')}</span>
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="52">
                    {more.map((e) => (
                      <Menu.Item key={e.to} value={e.to} py="2.5" aria-current={e.to === clean ? 'page' : undefined}>
                        <EntryIcon entry={entryOf(e.path)} size={20} />
                        {e.title}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </Flex>
        )}
      </Flex>
    </Box>
  );
}
