/**
 * What every Scholar Portal screen knows about whose portal it shows: the signed-in person, their scholars (a scholar
 * has one, themselves; a parent each child), the one chosen now, the school's portal settings, its time zone and
 * today. The portal layout provides it (from `GET v2/scholar/scholars`, kept on the device); screens read it with
 * `usePortal()`.
 */
import { createContext, useContext } from 'react';
import type { PortalScholar, PortalSettings } from '../../contract';

export interface PortalContextValue {
  /** The signed-in person's user id (the device cache is kept per person). */
  userId: string;
  /** 'student' or 'parent'. */
  userType: string;
  scholars: readonly PortalScholar[];
  /** The scholar the screens show now (a parent switches between their children). */
  scholar: PortalScholar;
  setScholarId: (id: string) => void;
  settings: PortalSettings;
  timeZone: string;
  /** Today in the school's time zone, YYYY-MM-DD (from the server's answer, or the device's clock when offline). */
  today: string;
  /** Epoch ms of the scholars answer and whether it came from the device (offline). */
  fetchedAt: number;
  fromDevice: boolean;
}

export const PortalContext = createContext<PortalContextValue | null>(null);

/** The portal's context; only screens inside the portal layout call it. */
export function usePortal(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal() outside the portal layout');
  return value;
}
