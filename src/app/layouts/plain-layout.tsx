/** The plain layout of the kiosk home: the top bar and the page, nothing else in the way of large touch targets. */
import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { AppBar } from './app-bar';

/** The kiosk's layout. */
export default function PlainLayout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <AppBar />
      <Box as="main" flex="1" p={{ base: '3', md: '6' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
