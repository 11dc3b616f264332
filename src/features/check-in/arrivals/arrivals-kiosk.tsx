/**
 * The Arrivals kiosk's screens, one per step of its flow (use-arrivals-flow.ts): the search, the reason step, the
 * confirmation and 'already here'. The badge scanner (USB, or the camera when it is open above the steps) is listened
 * to on every step but the reason step, so the next person can scan while the previous confirmation is still on screen.
 * A staff badge (`STAFF:` and its code) clocks its holder in or out instead (staff-punch.tsx). In front of children,
 * a language button above the steps switches the language for the child's turn (turn-language.tsx).
 */
import { Stack } from '@chakra-ui/react';
import type { DemographicRecord } from '../../../contract';
import { useBadgeScanner } from '../../../ui/badge-scanner/use-badge-scanner';
import { CameraPanel } from '../../../ui/scanner/camera-panel';
import { useStation } from '../station/station';
import type { CheckInDay } from '../station/use-check-in-day';
import { AfterHours, AlreadyHere, Confirmation } from './outcome-screens';
import { ReasonStep } from './reason-step';
import { SearchScreen } from './search-screen';
import { StaffPunch } from './staff-punch';
import { LanguageButton, useChildTurnLanguage } from './turn-language';
import { useArrivalsFlow } from './use-arrivals-flow';

export interface ArrivalsKioskProps {
  day: CheckInDay;
  canRecord: boolean;
  /** Staff badges clock their holders in and out here (the kiosk's person may record timesheets). */
  canPunch?: boolean;
  resetAfterMs: number;
  /** Station mode: a child is at the kiosk. */
  forChildren?: boolean;
}

/** The camera option, then the kiosk's current step. */
export function ArrivalsKiosk(props: ArrivalsKioskProps) {
  const flow = useArrivalsFlow(props.day, props.canRecord, props.canPunch);
  const scanning = flow.step.step !== 'reason';
  useBadgeScanner(flow.scan, scanning);
  const { reset, type } = flow;
  const turn = useChildTurnLanguage(flow.step.step, () => {
    reset();
    type('');
  });
  return (
    <Stack gap="4">
      {props.forChildren && <LanguageButton onToggle={turn.toggle} />}
      <CameraPanel storageKey="school-ops.arrivals.camera" onCode={flow.scan} paused={!scanning} />
      <KioskStep {...props} flow={flow} />
    </Stack>
  );
}

function KioskStep({
  day,
  canRecord,
  resetAfterMs,
  forChildren = false,
  flow,
}: ArrivalsKioskProps & { flow: ReturnType<typeof useArrivalsFlow> }) {
  const deviceId = useStation().useDeviceId();
  const { step, reset } = flow;
  const arrive = (scholar: DemographicRecord) => flow.open(scholar, 'kiosk', 'arrival');
  const leave = (scholar: DemographicRecord) => flow.open(scholar, 'kiosk', 'departure');

  switch (step.step) {
    case 'reason':
      return (
        <ReasonStep
          scholar={step.scholar}
          purpose={step.purpose}
          reasons={(step.purpose === 'late' ? day.settings?.late_reasons : day.settings?.departure_reasons) ?? []}
          reasonsEs={day.settings?.reasons_es}
          busy={flow.busy}
          onPick={flow.pick}
          onCancel={reset}
        />
      );
    case 'done':
      return (
        <Confirmation
          scholar={step.scholar}
          kind={step.kind}
          at={step.at}
          late={step.late}
          reported={step.reported}
          timeZone={day.timeZone}
          resetAfterMs={resetAfterMs}
          forChildren={forChildren}
          onDone={reset}
        />
      );
    case 'after-hours':
      return (
        <AfterHours
          scholar={step.scholar}
          resetAfterMs={resetAfterMs}
          onRecord={flow.confirmAfterHours}
          onCancel={reset}
        />
      );
    case 'punch':
      return (
        <StaffPunch id={step.id} at={step.at} timeZone={day.timeZone} resetAfterMs={resetAfterMs} onDone={reset} />
      );
    case 'already':
      return (
        <AlreadyHere
          scholar={step.scholar}
          day={step.day}
          timeZone={day.timeZone}
          resetAfterMs={resetAfterMs}
          onLeave={canRecord && step.day.state === 'in' ? () => leave(step.scholar) : null}
          onDone={reset}
        />
      );
    default:
      return (
        <SearchScreen
          day={day}
          deviceId={deviceId}
          query={flow.query}
          onQuery={flow.type}
          onScan={flow.scan}
          canRecord={canRecord}
          forChildren={forChildren}
          error={flow.error}
          onArrive={arrive}
          onLeave={leave}
        />
      );
  }
}
