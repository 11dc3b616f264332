/**
 * The Scholar Portal's word lists, apart from their schemas (scholar-portal.ts) so that the portal's screens read them
 * without loading zod on a phone's first visit (DESIGN section 8).
 */

/** The portal's navigation entries a school may switch off. */
export const PORTAL_ENTRIES = [
  'home',
  'this-week',
  'schedule',
  'calendar',
  'resources',
  'library',
  'arrivals',
  'check-in',
] as const;
export type PortalEntry = (typeof PORTAL_ENTRIES)[number];

/** The colours a school calendar event may have. */
export const EVENT_COLORS = ['blue', 'green', 'red', 'orange', 'purple', 'teal', 'gray'] as const;

/** Scholar Resources or Library. */
export const RESOURCE_KINDS = ['resources', 'library'] as const;
