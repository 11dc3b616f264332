/**
 * The day's list as CSV for the office (issue F4 item 2): one row per scholar with name, student number, grade,
 * homeroom, state, time and reason. RFC 4180 quoting; a field starting with =, +, -, @ or a tab is prefixed with an
 * apostrophe so a spreadsheet shows it instead of running it as a formula (a reason is free text typed at a kiosk).
 * A byte order mark goes first so Excel reads the UTF-8 names (García, Núñez) correctly.
 */

/** One CSV field, quoted when needed and defused against formula injection. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV text of a header and rows (CRLF line ends, with a byte order mark). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Offers CSV text as a download with this file name. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
