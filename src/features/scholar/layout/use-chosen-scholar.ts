/**
 * Which of a parent's scholars the portal shows: kept on the device per signed-in person, so a reload (or the next
 * visit) opens the same child. A choice that is no longer among the scholars falls back to the first.
 */
import { useCallback, useState } from 'react';
import type { PortalScholar } from '../../../contract';

const storageKey = (userId: string) => `portal.scholar.${userId}`;

/** The scholar this person chose last on this device, if any. */

export function readChoice(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function writeChoice(userId: string, scholarId: string): void {
  try {
    localStorage.setItem(storageKey(userId), scholarId);
  } catch {
    // Private mode or a full quota: the choice holds for this visit.
  }
}

/** The chosen scholar (the first when none is chosen) and the function that chooses another. */
export function useChosenScholar(
  userId: string,
  scholars: readonly PortalScholar[],
): [PortalScholar | undefined, (id: string) => void] {
  const [chosen, setChosen] = useState(() => readChoice(userId));
  const choose = useCallback(
    (id: string) => {
      setChosen(id);
      writeChoice(userId, id);
    },
    [userId],
  );
  return [scholars.find((s) => s.id === chosen) ?? scholars[0], choose];
}

const lastKey = (userId: string) => `portal.last.${userId}`;

/** Whose portal this person saw last on this device, and the school's time zone then (the next visit's early calls). */
export function readLastShown(userId: string): { scholarId: string; timeZone: string } | null {
  try {
    const raw = localStorage.getItem(lastKey(userId));
    const value = raw ? (JSON.parse(raw) as { scholarId?: unknown; timeZone?: unknown }) : null;
    return typeof value?.scholarId === 'string' && typeof value.timeZone === 'string'
      ? { scholarId: value.scholarId, timeZone: value.timeZone }
      : null;
  } catch {
    return null;
  }
}

/** Remembers whose portal is shown, so the next visit asks for that scholar's home at once. */
export function writeLastShown(userId: string, scholarId: string, timeZone: string): void {
  try {
    localStorage.setItem(lastKey(userId), JSON.stringify({ scholarId, timeZone }));
  } catch {
    // Private mode or a full quota: the next visit asks in turn.
  }
}
