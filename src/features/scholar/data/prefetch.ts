/**
 * A phone opening the portal starts the calls of its first screen at once, while the portal's code still loads
 * (DESIGN section 8, the portal's first visit): the scholars, then the chosen scholar's home when the screen is Home.
 * The screens' queries take these answers (`prefetchPortal`), so nothing is asked twice.
 */
import type { PortalScholarsResponse } from '../../../contract';
import { readChoice } from '../layout/use-chosen-scholar';
import { prefetchPortal } from './use-portal-query';

export const SCHOLARS_PATH = 'v2/scholar/scholars';

/** Starts the portal's first calls for this person on this page (`pathname`, e.g. '/scholar'). */
export async function prefetchPortalStart(userId: string, pathname: string): Promise<void> {
  const { data, fromDevice } = await prefetchPortal<PortalScholarsResponse>(userId, SCHOLARS_PATH);
  // Offline the screens read their own copies; the home's date would be the device's, not this answer's.
  if (fromDevice || pathname.replace(/\/+$/, '') !== '/scholar') return;
  const chosen = readChoice(userId);
  const scholar = data.data.find((s) => s.id === chosen) ?? data.data[0];
  if (scholar) void prefetchPortal(userId, `v2/scholar/scholars/${scholar.id}/home?date=${data.today}`).catch(() => {});
}
