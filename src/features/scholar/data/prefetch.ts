/**
 * A phone opening the portal starts the calls of its first screen at once, while the portal's code still loads
 * (DESIGN section 8, the portal's first visit): the scholars, then the chosen scholar's home when the screen is Home.
 * The screens' queries take these answers (`prefetchPortal`), so nothing is asked twice.
 */
import type { PortalScholarsResponse } from '../../../contract';
import { schoolDayOf } from '../../../ui/school-clock';
import { readChoice, readLastShown } from '../layout/use-chosen-scholar';
import { workListPath } from '../work/work-paths';
import { prefetchPortal } from './use-portal-query';

export const SCHOLARS_PATH = 'v2/scholar/scholars';

/** Starts the portal's first calls for this person on this page (`pathname`, e.g. '/scholar'). */
export async function prefetchPortalStart(userId: string, pathname: string): Promise<void> {
  const home = pathname.replace(/\/+$/, '') === '/scholar';
  // A repeat visit knows whose home it showed: asked for beside the scholars, not after them (one round trip less).
  const last = home ? readLastShown(userId) : null;
  const early = last ? homePath(last.scholarId, schoolDayOf(Date.now(), last.timeZone)) : null;
  if (early && last) {
    void prefetchPortal(userId, early).catch(() => {});
    // Home also shows the work due today and tomorrow, from the scholar's Current Work list.
    void prefetchPortal(userId, workListPath(last.scholarId, 'current')).catch(() => {});
  }
  const { data, fromDevice } = await prefetchPortal<PortalScholarsResponse>(userId, SCHOLARS_PATH);
  // Offline the screens read their own copies; the home's date would be the device's, not this answer's.
  if (fromDevice || !home) return;
  const chosen = readChoice(userId);
  const scholar = data.data.find((s) => s.id === chosen) ?? data.data[0];
  const path = scholar ? homePath(scholar.id, data.today) : null;
  if (scholar && path && path !== early) {
    void prefetchPortal(userId, path).catch(() => {});
    void prefetchPortal(userId, workListPath(scholar.id, 'current')).catch(() => {});
  }
}

/** The home call of a scholar on a date, as the Home screen asks for it. */
const homePath = (scholarId: string, date: string) => `v2/scholar/scholars/${scholarId}/home?date=${date}`;
