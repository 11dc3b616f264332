/** The centred layout of the sign-in screens: one card in the middle of the page, the settings in a corner. */
import { Box, Center } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { SettingsMenu } from '../../ui/settings-menu';

/** Centres its route's page. */
export default function CenteredLayout() {
  return (
    <Center minH="100dvh" px="4" py="8" bg="bg.subtle" position="relative">
      <Box position="absolute" top="3" insetEnd="3">
        <SettingsMenu />
      </Box>
      <Box as="main" w="full" maxW="md">
        <Outlet />
      </Box>
    </Center>
  );
}
