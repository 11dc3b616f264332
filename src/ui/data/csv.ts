/**
 * CSV downloads for the screens' exports (meal records, daily counts, the check-in day list). The text's rules (every
 * field quoted, formulas defused) are in src/lib/csv.ts; `downloadCsv` saves through `downloadText`, which puts the
 * byte order mark first so Excel reads accented names.
 */
import { csvText } from '../../lib/csv';
import { downloadText } from '../sync/download';

export { csvField, csvText } from '../../lib/csv';

/** Offers a header and rows as a CSV download with this file name. */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly string[])[]): void {
  downloadText(fileName, csvText(header, rows));
}
