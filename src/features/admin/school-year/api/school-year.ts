/**
 * `v2/school_year`: the school's year dates, the preview of a new year (nothing written) and its apply (idempotent on
 * the id the screen made for it, so a retry after a lost answer changes nothing twice). Online only.
 */
import { api, call } from '../../../../api/client';
import type {
  SchoolYearApplied,
  SchoolYearApply,
  SchoolYearDates,
  SchoolYearPreview,
  SchoolYearSummary,
} from '../../../../contract/school-year';

export const schoolYearKey = ['v2/school_year'] as const;

/** The current year's dates (null before any is set). */
export const fetchSchoolYear = (signal?: AbortSignal) =>
  call(() => api.get('v2/school_year', { signal }).json<{ data: SchoolYearDates }>()).then((r) => r.data);

/** What the new year would do. */
export const previewSchoolYear = (body: SchoolYearPreview) =>
  call(() => api.post('v2/school_year/preview', { json: body, retry: 0 }).json<{ data: SchoolYearSummary }>()).then(
    (r) => r.data,
  );

/** Starts the new year; the same id again answers what was done the first time. */
export const applySchoolYear = (body: SchoolYearApply) =>
  call(() => api.post('v2/school_year', { json: body, retry: 0 }).json<{ data: SchoolYearApplied }>()).then(
    (r) => r.data,
  );
