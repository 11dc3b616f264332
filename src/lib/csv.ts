/**
 * CSV text for every export (meal records and counts, the check-in day list, the device's needs-attention list).
 * RFC 4180 with every field quoted, so a separator inside a value (a comma, or the semicolon of a spreadsheet set to
 * a European locale) never splits it; CRLF line ends. A value that starts with =, +, -, @, a tab, a carriage return
 * or a line feed gets an apostrophe first, so no spreadsheet runs it as a formula (names and reasons are free text
 * typed by families and at kiosks). The byte order mark is the download's business (src/ui/sync/download.ts).
 */

/** One CSV field: quoted, its quotes doubled, and defused against formula injection. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The CSV text of a header and rows (CRLF line ends, one at the end, no byte order mark). */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
