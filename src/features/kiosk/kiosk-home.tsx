/**
 * The kiosk home (/): large touch tiles for the sections the signed-in person may open. It needs nothing from the
 * network, so it opens offline after one visit (the service worker has the code; the session is cached).
 */
import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface KioskTile {
  href: string;
  title: string;
  description?: string;
}

/** The tiles, or a clear message when the person may open no section. */
export default function KioskHome({
  tiles,
  greeting,
  footer,
}: {
  tiles: KioskTile[];
  greeting: string;
  /** What the app puts below the tiles (the station-mode choices). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation('kiosk');
  return (
    <Box maxW="6xl" mx="auto">
      <Heading as="h1" size="xl" mb="6">
        {greeting}
      </Heading>
      {tiles.length === 0 ? (
        <Text fontSize="lg" color="fg.muted">
          {t('noSections')}
        </Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" p="0" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {tiles.map((tile) => (
            <Box as="li" key={tile.href}>
              <Link to={tile.href} style={{ display: 'block', height: '100%' }}>
                <Box
                  h="full"
                  minH="32"
                  p="6"
                  borderRadius="xl"
                  bg="primary.solid"
                  color="primary.contrast"
                  boxShadow="md"
                  display="flex"
                  flexDirection="column"
                  justifyContent="center"
                  // Lifted on hover rather than recoloured: white text keeps its contrast on the solid colour (axe).
                  _hover={{ boxShadow: 'lg', transform: 'translateY(-1px)' }}
                  _active={{ transform: 'scale(0.98)' }}
                >
                  <Text fontSize="2xl" fontWeight="medium">
                    {tile.title}
                  </Text>
                  {tile.description && <Text mt="1">{tile.description}</Text>}
                </Box>
              </Link>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {footer}
    </Box>
  );
}
