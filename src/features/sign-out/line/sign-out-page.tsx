/**
 * Scholar Sign Out (/sign-out): the pick-up line. Find the scholar (search, a USB badge scanner, or
 * the camera), see who may take them with large photos, and sign them out in one tap; then a large confirmation and
 * back to the search for the next car. It works entirely from the device (roster, pick-up adults and their photos,
 * today's check-ins) and records through the outbox, so it works the same offline. The route gives it the signed-in
 * person's permissions (features never import the auth feature), for the link to add a pick-up adult.
 */
import { Box, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { useBadgeScanner } from '../../../ui/badge-scanner/use-badge-scanner';
import { LocalDataBoundary, RosterGate, StationNotices } from '../../../ui/roster/roster-gate';
import { findByBadge } from '../../../ui/roster/roster-search';
import { CameraPanel } from '../../../ui/scanner/camera-panel';
import { TOUCH_FEEDBACK } from '../../../ui/station/touch-feedback';
import { CurbPanel, useCallOutTag } from '../car-line/curb-panel';
import { carTagOf } from '../car-line/use-car-line-queue';
import { FlowStep } from '../parts/flow-step';
import { UndoRelease } from '../parts/undo-release';
import { usePickUpFlow } from '../parts/use-pick-up-flow';
import { type SignOutDay, useNow, useSignOutDay } from '../station/use-sign-out-day';
import { SearchPanel } from './search-panel';

export interface SignOutPageProps {
  /** The signed-in person's permissions. */
  permissions: readonly string[];
  /** How long the confirmation stays before the screen goes back to the search. */
  resetAfterMs?: number;
}

/** The shortest text taken for a badge typed into the search box (codes are 12 characters). */
const MIN_BADGE_LENGTH = 6;

function SignOutLine({ day, permissions, resetAfterMs }: { day: SignOutDay } & Required<SignOutPageProps>) {
  const { t } = useTranslation('sign-out');
  const flow = usePickUpFlow(day);
  const [query, setQuery] = useState('');
  // A badge (USB or camera) opens its scholar while the search or a confirmation is on screen, not over a pick-up.
  const scanning = flow.step.step !== 'pick-up';
  // A car tag's hang tag read by the camera or a USB scanner calls its family out (the car line).
  const callOut = useCallOutTag();
  const [lastTag, setLastTag] = useState<number | null>(null);
  const tagOrBadge = (code: string, badge: (code: string) => void) => {
    const tag = carTagOf(code);
    if (tag === null) return badge(code);
    void callOut(tag).then(() => setLastTag(tag));
  };
  useBadgeScanner((code) => tagOrBadge(code, flow.scan), scanning);
  const open = (scholar: DemographicRecord, method: 'manual' | 'scan') => {
    setQuery('');
    flow.open(scholar, method);
  };
  const scan = (code: string) => {
    if (findByBadge(day.index, code)) setQuery('');
    flow.scan(code);
  };
  return (
    <Stack gap="4">
      <UndoRelease flow={flow} />
      <CameraPanel
        storageKey="school-ops.sign-out.camera"
        onCode={(code) => tagOrBadge(code, scan)}
        paused={!scanning}
      />
      {flow.step.step === 'find' ? (
        <SearchPanel
          day={day}
          query={query}
          error={flow.error}
          onQuery={(text) => {
            const badge = text.trim().length >= MIN_BADGE_LENGTH ? findByBadge(day.index, text) : undefined;
            if (badge) open(badge, 'scan');
            else setQuery(text);
          }}
          onScan={scan}
          onOpen={(scholar) => open(scholar, 'manual')}
        />
      ) : (
        <FlowStep
          flow={flow}
          day={day}
          permissions={permissions}
          resetAfterMs={resetAfterMs}
          backLabel={t('pickUp.backToSearch')}
        />
      )}
      {flow.step.step === 'find' && <CurbPanel day={day} lastCalled={lastTag} />}
    </Stack>
  );
}

function SignOut({ permissions, resetAfterMs = 5000 }: SignOutPageProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('sign-out');
  const day = useSignOutDay(useNow());
  return (
    <Stack gap="4" maxW="5xl" mx="auto">
      <Heading as="h1" size="2xl">
        {t('sections.scholarSignOut')}
      </Heading>
      <StationNotices day={day} offlineText={ts('offline')} />
      <RosterGate day={day}>
        <SignOutLine day={day} permissions={permissions} resetAfterMs={resetAfterMs} />
      </RosterGate>
    </Stack>
  );
}

/** The Scholar Sign Out screen. */
export default function SignOutPage(props: SignOutPageProps) {
  return (
    <Box css={TOUCH_FEEDBACK}>
      <LocalDataBoundary>
        <SignOut {...props} />
      </LocalDataBoundary>
    </Box>
  );
}
