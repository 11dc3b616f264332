/**
 * Scan Sign Out (/sign-out/scan): a camera that stays open at the pick-up line. Each badge read (its
 * QR holds the scholar's opaque badge code, nothing personal) opens that scholar's pick-up screen, the same as on
 * Scholar Sign Out (with its Undo); after the sign-out (or 'Back to scanning') the camera reads the next car's badge. An unknown code
 * says so. The camera stays mounted the whole time (starting a camera takes seconds): while a pick-up screen is up it
 * is paused and moves below it. Works offline from the device's snapshot, like the search screen.
 */
import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useBadgeScanner } from '../../../ui/badge-scanner/use-badge-scanner';
import { LocalDataBoundary, RosterGate, StationNotices } from '../../../ui/roster/roster-gate';
import { CameraScanner } from '../../../ui/scanner/camera-scanner-lazy';
import type { ScannerEngine } from '../../../ui/scanner/scanner';
import { TOUCH_FEEDBACK } from '../../../ui/station/touch-feedback';
import { FlowStep } from '../parts/flow-step';
import { UndoRelease } from '../parts/undo-release';
import { usePickUpFlow } from '../parts/use-pick-up-flow';
import { type SignOutDay, useNow, useSignOutDay } from '../station/use-sign-out-day';

export interface ScanPageProps {
  /** The signed-in person's permissions. */
  permissions: readonly string[];
  /** How long the confirmation stays before scanning goes on. */
  resetAfterMs?: number;
  /** Another camera engine (tests); html5-qrcode by default. */
  engine?: ScannerEngine;
}

function ScanLine({ day, permissions, resetAfterMs, engine }: { day: SignOutDay } & ScanPageProps) {
  const { t } = useTranslation('sign-out');
  const flow = usePickUpFlow(day);
  const onPickUp = flow.step.step === 'pick-up';
  // A USB scanner works here too; neither it nor the camera interrupts a pick-up screen.
  useBadgeScanner(flow.scan, !onPickUp);
  return (
    <Stack gap="4">
      <Box order={-1}>
        <UndoRelease flow={flow} />
      </Box>
      <Box order={onPickUp ? 2 : 0}>
        <CameraScanner onCode={flow.scan} paused={onPickUp} label={t('scan.cameraLabel')} engine={engine} />
      </Box>
      {flow.step.step === 'find' ? (
        <Stack gap="3" order={1}>
          <Text fontSize="lg">{t('scan.intro')}</Text>
          {flow.error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description fontSize="lg">{flow.error}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      ) : (
        <Box order={1}>
          <FlowStep
            flow={flow}
            day={day}
            permissions={permissions}
            resetAfterMs={resetAfterMs ?? 5000}
            backLabel={t('pickUp.backToScan')}
          />
        </Box>
      )}
    </Stack>
  );
}

function Scan(props: ScanPageProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('sign-out');
  const day = useSignOutDay(useNow());
  return (
    <Stack gap="4" maxW="5xl" mx="auto">
      <Heading as="h1" size="2xl">
        {t('sections.scholarSignOutScan')}
      </Heading>
      <StationNotices day={day} offlineText={ts('offline')} />
      <RosterGate day={day}>
        <ScanLine day={day} {...props} />
      </RosterGate>
    </Stack>
  );
}

/** The Scan Sign Out screen. */
export default function ScanPage(props: ScanPageProps) {
  return (
    <Box css={TOUCH_FEEDBACK}>
      <LocalDataBoundary>
        <Scan {...props} />
      </LocalDataBoundary>
    </Box>
  );
}
