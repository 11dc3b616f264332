/**
 * Who ate and who did not, for one day and service: the roster's active scholars (and anyone inactive who still ate
 * that day) split by whether a non-voided meal record of theirs exists, grouped by grade (school order) and homeroom,
 * with counts per group and overall. Eligibility plays no part and is never carried here (DESIGN section 7).
 */
import type { DemographicRecord, NslpRecord } from '../../../../contract';
import { gradeOrder, scholarName } from '../../records/model/scholars';

export interface Ate {
  scholar: DemographicRecord;
  record: NslpRecord;
}

export interface WhoAteCounts {
  ate: number;
  notAte: number;
  total: number;
}

export interface WhoAteGroup {
  key: string;
  grade: string;
  homeroom: string | null;
  ate: Ate[];
  notAte: DemographicRecord[];
  counts: WhoAteCounts;
}

export interface WhoAteFilters {
  grade: string;
  homeroom: string;
  /** Name or student number, any case, accents ignored. */
  search: string;
}

/** Lower case without accents, for matching what is typed. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();
}

const byName = (a: DemographicRecord, b: DemographicRecord) =>
  a.lname.localeCompare(b.lname) || scholarName(a).localeCompare(scholarName(b));

/** The groups and the overall counts of the scholars these filters show. */
export function whoAte(
  roster: readonly DemographicRecord[],
  records: readonly NslpRecord[],
  filters: WhoAteFilters,
): { groups: WhoAteGroup[]; counts: WhoAteCounts } {
  const served = new Map<string, NslpRecord>();
  for (const r of records) if (!r.voided && !served.has(r.scholar_id)) served.set(r.scholar_id, r);
  const words = foldText(filters.search).split(/\s+/).filter(Boolean);
  const shown = roster.filter((s) => {
    if (!s.active && !served.has(s.id)) return false;
    if (filters.grade && s.grade !== filters.grade) return false;
    if (filters.homeroom && s.homeroom !== filters.homeroom) return false;
    const haystack = foldText(`${s.fname} ${s.nickname ?? ''} ${s.lname} ${s.student_number}`);
    return words.every((w) => haystack.includes(w));
  });
  const groups = new Map<string, WhoAteGroup>();
  for (const scholar of [...shown].sort(byName)) {
    const key = `${scholar.grade}|${scholar.homeroom ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        grade: scholar.grade,
        homeroom: scholar.homeroom,
        ate: [],
        notAte: [],
        counts: { ate: 0, notAte: 0, total: 0 },
      };
      groups.set(key, group);
    }
    const record = served.get(scholar.id);
    if (record) group.ate.push({ scholar, record });
    else group.notAte.push(scholar);
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      gradeOrder(a.grade) - gradeOrder(b.grade) ||
      (a.homeroom === null ? 1 : 0) - (b.homeroom === null ? 1 : 0) ||
      (a.homeroom ?? '').localeCompare(b.homeroom ?? '', undefined, { numeric: true }),
  );
  const counts = { ate: 0, notAte: 0, total: 0 };
  for (const g of sorted) {
    g.counts = { ate: g.ate.length, notAte: g.notAte.length, total: g.ate.length + g.notAte.length };
    counts.ate += g.counts.ate;
    counts.notAte += g.counts.notAte;
    counts.total += g.counts.total;
  }
  return { groups: sorted, counts };
}
