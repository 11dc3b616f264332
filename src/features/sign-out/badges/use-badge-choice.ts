/**
 * What the badges page prints, kept in the URL (`?for=class&grade=3&homeroom=Room 12&paper=a4`) so a link or the
 * back button brings the same choice: a class (grade and/or homeroom) or a selection of scholars (ticked in a
 * searchable list; the ticks live in the page's state). The cards are the roster's order (by surname).
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DemographicRecord } from '../../../contract';
import { PAPERS, type Paper, splitByBadge } from './badge-sheets';

export type BadgeMode = 'class' | 'selection';

/** The choice and the scholars it covers. */
export function useBadgeChoice(roster: readonly DemographicRecord[]) {
  const [params, setParams] = useSearchParams();
  const mode: BadgeMode = params.get('for') === 'selection' ? 'selection' : 'class';
  const grade = params.get('grade') ?? '';
  const homeroom = params.get('homeroom') ?? '';
  const paperParam = params.get('paper');
  const paper: Paper = (PAPERS as readonly string[]).includes(paperParam ?? '') ? (paperParam as Paper) : 'letter';
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const chosen = useMemo(() => {
    if (mode === 'selection') return roster.filter((s) => selected.has(s.id));
    if (!grade && !homeroom) return [];
    return roster.filter((s) => (!grade || s.grade === grade) && (!homeroom || s.homeroom === homeroom));
  }, [roster, mode, grade, homeroom, selected]);

  const set = (changes: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  return {
    mode,
    grade,
    homeroom,
    paper,
    selected,
    /** True when a class is to be printed but neither grade nor homeroom is chosen. */
    needsClass: mode === 'class' && !grade && !homeroom,
    ...splitByBadge(chosen),
    setMode: (next: BadgeMode) => set({ for: next === 'class' ? '' : next }),
    setGrade: (next: string) => set({ grade: next, homeroom: '' }),
    setHomeroom: (next: string) => set({ homeroom: next }),
    setPaper: (next: Paper) => set({ paper: next === 'letter' ? '' : next }),
    toggle(id: string, on: boolean) {
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    clearSelection: () => setSelected(new Set()),
  };
}
