/**
 * The steps of the pick-up flow after the scholar is found, the same on both line screens: the scholar's pick-up
 * screen, then the large confirmation. The 'find' step is each screen's own (search, or the camera).
 */
import type { AuthorizedPickUpRecord } from '../../../contract';
import type { SignOutDay } from '../station/use-sign-out-day';
import { SignedOutConfirmation } from './outcome-cards';
import { PickUpScreen } from './pick-up-screen';
import type { usePickUpFlow } from './use-pick-up-flow';

export interface FlowStepProps {
  flow: ReturnType<typeof usePickUpFlow>;
  day: SignOutDay;
  permissions: readonly string[];
  resetAfterMs: number;
  /** The back button's text: back to the search, or to scanning. */
  backLabel: string;
}

/** The pick-up screen or the confirmation; nothing on the 'find' step. */
export function FlowStep({ flow, day, permissions, resetAfterMs, backLabel }: FlowStepProps) {
  const { step } = flow;
  if (step.step === 'pick-up') {
    return (
      <PickUpScreen
        key={step.scholar.id}
        scholar={step.scholar}
        today={day.today}
        timeZone={day.timeZone}
        signedOut={flow.signOutOf(step.scholar.id)}
        permissions={permissions}
        busy={flow.busy}
        error={flow.error}
        backLabel={backLabel}
        onBack={flow.reset}
        onChoose={(adult: AuthorizedPickUpRecord) =>
          flow.signOut({ type: 'listed', pickUpId: adult.id }, adult.full_name)
        }
        onOverride={({ name, reason }) => flow.signOut({ type: 'override', name, reason }, name)}
      />
    );
  }
  if (step.step === 'done') {
    return (
      <SignedOutConfirmation
        scholar={step.scholar}
        adultName={step.adultName}
        at={step.at}
        flagged={step.flagged}
        timeZone={day.timeZone}
        resetAfterMs={resetAfterMs}
        onDone={flow.reset}
      />
    );
  }
  return null;
}
