/**
 * Makes a plain-SQL pg_dump restore on PostgreSQL 15, 16 and 17 through a plain simple-query `exec` (PGlite's or
 * node-postgres's), whichever pg_dump wrote it:
 * - `SET transaction_timeout = 0;`: pg_dump 17 writes it in the header; the setting is new in PostgreSQL 17 and 15
 *   and 16 refuse it ("unrecognized configuration parameter"). Zero is its default, so leaving it out changes nothing.
 * - `\restrict <key>` first and `\unrestrict <key>` last: pg_dump 17.6, 16.10, 15.14 and later write these psql
 *   meta-commands around the script (CVE-2025-8714, so a malicious server cannot smuggle meta-commands into psql); a
 *   server reads them as syntax errors. They guard psql only, and no psql reads this script.
 * Only the header (the comments and SETs before the first object) and the trailer (the comments after the last
 * statement) are looked at: a line in between may be part of a multi-line text value of a row, and is never changed.
 */

const HEADER_DROPPED = /^(?:SET transaction_timeout = 0;|\\restrict\b.*)$/;
const TRAILER_DROPPED = /^\\unrestrict\b/;
const isHeaderLine = (line: string) =>
  line === '' || line.startsWith('--') || line.startsWith('SET ') || line.startsWith('SELECT pg_catalog.set_config(');

/** The dump without the lines above. */
export function portableDump(sql: string): string {
  const lines = sql.split('\n');
  let head = 0;
  const out: string[] = [];
  for (; head < lines.length; head++) {
    const line = lines[head] as string;
    if (HEADER_DROPPED.test(line)) continue;
    if (!isHeaderLine(line)) break;
    out.push(line);
  }
  // The trailer: from the end, back over blank lines, comments and the \unrestrict line.
  let tail = lines.length;
  while (tail > head) {
    const line = lines[tail - 1] as string;
    if (line !== '' && !line.startsWith('--') && !TRAILER_DROPPED.test(line)) break;
    tail--;
  }
  for (let i = head; i < tail; i++) out.push(lines[i] as string);
  for (let i = tail; i < lines.length; i++) if (!TRAILER_DROPPED.test(lines[i] as string)) out.push(lines[i] as string);
  return out.join('\n');
}
