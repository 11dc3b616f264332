/**
 * Reading the app's CSV exports back in tests: `parseCsv` splits RFC 4180 text into fields (every field of an export
 * is quoted), and `csvLines` writes each row again with quotes only where a field needs them, so a test can compare
 * a row with a short readable line ('Ada Lovelace,1001,5,5A,In,7:40 AM,').
 */

/** The rows of a CSV text as fields, without the byte order mark and the line end after the last row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Each row as one line, a field quoted only when it holds a comma, a quote or a line break. */
export function csvLines(text: string): string[] {
  return parseCsv(text).map((row) =>
    row.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(','),
  );
}
