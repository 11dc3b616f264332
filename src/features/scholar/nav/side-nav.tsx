/** The portal's side list of every entry, on screens from md (768 px) up; phones have the bottom bar instead. */
import { Box, Flex, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { EntryIcon, iconOf } from './entry-icon';
import { entryOf, type NavEntry } from './portal-entries';

/** The list, as a labelled <nav>. */
export function SideNav({ entries }: { entries: readonly NavEntry[] }) {
  const { t } = useTranslation('portal');
  return (
    <Box
      as="nav"
      aria-label={t('layout.navigation')}
      display={{ base: 'none', md: 'block' }}
      w="60"
      flexShrink={0}
      p="3"
      borderEndWidth="1px"
    >
      <Stack as="ul" gap="1" listStyleType="none" p="0" m="0">
        {entries.map((e) => (
          <Box as="li" key={e.to}>
            <NavLink to={e.to} end>
              {({ isActive }) => (
                <Flex
                  align="center"
                  gap="3"
                  px="3"
                  py="2"
                  borderRadius="md"
                  fontWeight={isActive ? 'semibold' : 'normal'}
                  bg={isActive ? 'primary.subtle' : undefined}
                  color={isActive ? 'primary.fg' : undefined}
                  _hover={{ bg: 'bg.muted' }}
                >
                  <EntryIcon entry={iconOf(e.path, entryOf(e.path))} size={20} />
                  {e.title}
                </Flex>
              )}
            </NavLink>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
