/**
 * The language button of the Arrivals station in front of children: "English / Español" switches the screen to the
 * other language for this child's turn only, and the station's own language (the one chosen on the device, else the
 * browser's) comes back when the turn ends: when the outcome screen closes (the child is done), or when nobody has
 * touched the screen for `CHILD_TURN_IDLE_MS` (the child walked away before finishing). The choice is never remembered
 * on the device, so the next child starts in the station's language.
 */
import { Button } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { restoreDeviceLanguage, switchLanguageForNow, toLanguage } from '../../../ui/language';
import type { ArrivalsStep } from './use-arrivals-flow';

/**
 * How long a turn in another language lasts without a touch or a key. A child finding their name takes a few
 * seconds between taps; a minute without any is a child who left, and the next one should not meet a language
 * they did not choose. It is longer than the outcome screen's own reset (a few seconds), which ends the turn first.
 */
export const CHILD_TURN_IDLE_MS = 60_000;

/** Steps that end the turn when they close (back to the search). */
const OUTCOME_STEPS: ReadonlySet<ArrivalsStep['step']> = new Set(['done', 'already', 'after-hours', 'punch']);

/** What a turn's language needs from the kiosk: its step, and a way back to an empty search. */
export function useChildTurnLanguage(step: ArrivalsStep['step'], endTurn: () => void) {
  const { i18n } = useTranslation();
  const [switched, setSwitched] = useState(false);
  const switchedNow = useRef(false);
  switchedNow.current = switched;
  const previous = useRef(step);
  const end = useRef(endTurn);
  end.current = endTurn;

  const finish = useCallback(() => {
    setSwitched(false);
    void restoreDeviceLanguage();
  }, []);

  // An outcome screen closed: the child's turn is over.
  useEffect(() => {
    const before = previous.current;
    previous.current = step;
    if (switched && step === 'search' && OUTCOME_STEPS.has(before)) finish();
  }, [step, switched, finish]);

  // No touch, click or key for a while: the child has gone; the search is emptied for the next one.
  useEffect(() => {
    if (!switched) return;
    let timer = setTimeout(expire, CHILD_TURN_IDLE_MS);
    function expire() {
      finish();
      end.current();
    }
    const activity = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, CHILD_TURN_IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'input'] as const;
    for (const name of events) document.addEventListener(name, activity, true);
    return () => {
      clearTimeout(timer);
      for (const name of events) document.removeEventListener(name, activity, true);
    };
  }, [switched, finish]);

  // Leaving the station in the middle of a turn gives the device its language back.
  useEffect(
    () => () => {
      if (switchedNow.current) void restoreDeviceLanguage();
    },
    [],
  );

  const toggle = useCallback(() => {
    const now = toLanguage(i18n.resolvedLanguage ?? i18n.language);
    setSwitched(true);
    void switchLanguageForNow(now === 'es' ? 'en' : 'es');
  }, [i18n]);

  return { toggle };
}

/** The button itself: both language names, each in its own language so a screen reader says it right. */
export function LanguageButton({ onToggle }: { onToggle: () => void }) {
  return (
    <Button alignSelf="flex-end" variant="outline" size="lg" onClick={onToggle}>
      <span lang="en">English</span> / <span lang="es">Español</span>
    </Button>
  );
}
