/**
 * CSV for the screens' exports (meal records, daily counts; the check-in day list has the same rules in
 * src/features/check-in/model/csv.ts). RFC 4180 quoting, CRLF line ends, and a field starting with =, +, -, @ or a tab
 * prefixed with an apostrophe so a spreadsheet shows it instead of running it as a formula (reasons are free text).
 * `downloadCsv` saves through `downloadText`, which puts the byte order mark first so Excel reads accented names.
 */
import { downloadText } from '../sync/download';

/** One CSV field, quoted when needed and defused against formula injection. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV text of a header and rows (CRLF line ends, no byte order mark). */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Offers a header and rows as a CSV download with this file name. */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly string[])[]): void {
  downloadText(fileName, csvText(header, rows));
}
