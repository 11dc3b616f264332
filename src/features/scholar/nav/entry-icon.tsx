/** Small outline icons of the portal's entries for the bottom bar and the side list (inline SVG: no icon font). */
import type { PortalEntry } from '../../../contract';

/** The work lists' entries, which a school does not switch off: keyed by their path. */
type WorkEntry =
  | 'work/current'
  | 'work/overdue'
  | 'work/missing-autowork'
  | 'work/completed'
  | 'work/submissions'
  // Independent Study, which a school does not switch off either.
  | 'independent-study'
  // Notifications, for every family.
  | 'notifications';

/** The icon key of an entry's path: a switchable entry's name, a work list's path, else null (a plain dot). */
export function iconOf(path: string, entry: PortalEntry | null): PortalEntry | WorkEntry | null {
  return entry ?? (path in PATHS ? (path as WorkEntry) : null);
}

const PATHS: Record<PortalEntry | 'more' | WorkEntry, string> = {
  home: 'M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10',
  'this-week': 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M7 14h3M11 14h3M15 14h2',
  schedule: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M8 14h2v2H8z',
  resources: 'M4 5h6l2 2h8v12H4zM4 9h16',
  library: 'M5 4h4v16H5zM10 4h4v16h-4zM15 5l3.5-1 3 15.5-3.5 1z',
  arrivals: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  'check-in': 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  'work/current': 'M6 3h9l4 4v14H6zM9 11h7M9 15h7M9 7h3',
  'work/overdue': 'M12 8v5M12 16.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  'work/missing-autowork': 'M6 3h9l4 4v14H6zM10 10l5 5M15 10l-5 5',
  'work/completed': 'M6 3h9l4 4v14H6zM9 13l2.5 2.5L16 11',
  'work/submissions': 'M12 15V4M7 9l5-5 5 5M5 20h14',
  // A page with a signature line.
  'independent-study': 'M6 3h12v18H6zM9 8h6M9 11h6M8.5 17c1.5-2 2.5 1 4 0s2-1 3 0',
  // A bell.
  notifications: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
};

/** The icon of an entry (a plain dot for one without its own). */
export function EntryIcon({ entry, size = 22 }: { entry: PortalEntry | 'more' | WorkEntry | null; size?: number }) {
  const d = entry ? PATHS[entry] : 'M12 12h.01';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={entry === 'more' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
