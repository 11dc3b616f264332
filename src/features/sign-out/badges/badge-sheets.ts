/**
 * How badge cards fill printed sheets (eight to a Letter or A4 sheet): two columns by four rows, the
 * card size chosen so the grid fits the paper inside its margins. The @page rule sets the paper, so the browser's
 * print dialog starts on the right one.
 */
import type { DemographicRecord } from '../../../contract';

export const BADGES_PER_SHEET = 8;
export const BADGE_COLUMNS = 2;
export const BADGE_ROWS = 4;

export const PAPERS = ['letter', 'a4'] as const;
export type Paper = (typeof PAPERS)[number];

/** The page of each paper: its CSS size keyword, its size, the margin and one card's size (all CSS lengths). */
export const PAPER_LAYOUT: Record<
  Paper,
  { size: string; width: string; height: string; margin: string; cardWidth: string; cardHeight: string }
> = {
  // 8.5 × 11 in; 0.5 in margins leave 7.5 × 10 in: cards 3.75 × 2.5 in.
  letter: { size: 'letter', width: '8.5in', height: '11in', margin: '0.5in', cardWidth: '3.75in', cardHeight: '2.5in' },
  // 210 × 297 mm; 10 mm margins leave 190 × 277 mm: cards 95 × 69 mm (a quarter millimetre to spare per row).
  a4: { size: 'A4', width: '210mm', height: '297mm', margin: '10mm', cardWidth: '95mm', cardHeight: '69mm' },
};

/** The cards in sheets of eight, in order; the last sheet may hold fewer. */
export function toSheets<T>(cards: readonly T[], perSheet = BADGES_PER_SHEET): T[][] {
  const sheets: T[][] = [];
  for (let i = 0; i < cards.length; i += perSheet) sheets.push(cards.slice(i, i + perSheet));
  return sheets;
}

/** The scholars split into those with a badge code (printed) and those without (named, skipped). */
export function splitByBadge(scholars: readonly DemographicRecord[]): {
  printable: DemographicRecord[];
  noCode: DemographicRecord[];
} {
  const printable: DemographicRecord[] = [];
  const noCode: DemographicRecord[] = [];
  for (const s of scholars) (s.badge_code?.trim() ? printable : noCode).push(s);
  return { printable, noCode };
}

/** The homerooms of the scholars (of one grade when given), sorted. */
export function homeroomsOf(scholars: readonly DemographicRecord[], grade = ''): string[] {
  const rooms = new Set<string>();
  for (const s of scholars) if (s.homeroom && (!grade || s.grade === grade)) rooms.add(s.homeroom);
  return [...rooms].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/** The print rule of the paper: its size and margin, and the card grid sized to fit. */
export function printCss(paper: Paper, scope: string): string {
  const p = PAPER_LAYOUT[paper];
  return `@page { size: ${p.size}; margin: ${p.margin}; }
${scope} [data-badge-sheet] { grid-template-columns: repeat(${BADGE_COLUMNS}, ${p.cardWidth}); grid-template-rows: repeat(${BADGE_ROWS}, ${p.cardHeight}); }
${scope} [data-badge-card] { width: ${p.cardWidth}; height: ${p.cardHeight}; }`;
}
