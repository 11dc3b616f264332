/**
 * Starting station mode from the kiosk home: a staff member picks the station this device becomes
 * and types their station PIN (or chooses one, the first time), which is what leaves station mode later. The PIN is
 * checked by the server when it answers; offline, the PIN typed now becomes the one that leaves (the device keeps a
 * verifier of it, never the PIN). The first PIN needs the server, which keeps it hashed.
 */
import { Box, Button, Heading, Text, Wrap } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth/session-instance';
import { type StationDef, stationsFor } from './stations';

// Loaded when a station is chosen, not with the kiosk home; fetched early on hover or focus.
const loadDialog = () => import('./start-station-dialog');
const StartDialog = lazy(loadDialog);

/** The kiosk home's "Use this device as a station" choices, for the stations this staff member may start. */
export default function StartStation() {
  const { t } = useTranslation();
  const { user, permissions } = useSession();
  const [chosen, setChosen] = useState<StationDef | null>(null);
  const stations = user?.type === 'staff' ? stationsFor(permissions) : [];
  if (stations.length === 0) return null;
  const prefetch = () => {
    // A failed load shows when the person chooses the station (the route's error boundary).
    loadDialog().catch(() => undefined);
  };
  return (
    <Box as="section" aria-labelledby="station-mode-title" mt="10" pt="6" borderTopWidth="1px">
      <Heading as="h2" size="lg" id="station-mode-title">
        {t('stations.title')}
      </Heading>
      <Text mt="1" mb="4" color="fg.muted">
        {t('stations.intro')}
      </Text>
      <Wrap gap="3">
        {stations.map((station) => (
          <Button
            key={station.kind}
            variant="outline"
            size="lg"
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={() => setChosen(station)}
          >
            {t(station.title as 'appName')}
          </Button>
        ))}
      </Wrap>
      {chosen && (
        <Suspense fallback={null}>
          <StartDialog station={chosen} onClose={() => setChosen(null)} />
        </Suspense>
      )}
    </Box>
  );
}
