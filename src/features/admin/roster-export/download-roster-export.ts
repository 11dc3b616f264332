/**
 * `GET v2/roster_exports/oneroster`: the school's roster as a OneRoster 1.1 bulk zip, fetched with the bearer token
 * through the app's client (a plain link could not carry it) and saved under the name the server gives. The server
 * builds the whole package before it answers, so the call may take longer than the client's usual 20 seconds on a large
 * school; it is never retried by the client (each export is an audited event).
 */
import { api, call } from '../../../api/client';

/** How long the export may take to arrive. */
const EXPORT_TIMEOUT_MS = 120_000;

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or null. */
export function attachmentName(header: string | null): string | null {
  const match = header?.match(/filename="([^"]+)"/);
  return match?.[1] ?? null;
}

/** Offers a blob as a download named `fileName`. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after this task; revoking at once could cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the export and saves it; answers the file's name. */
export async function downloadRosterExport(signal?: AbortSignal): Promise<string> {
  return call(async () => {
    const response = await api.get('v2/roster_exports/oneroster', { signal, timeout: EXPORT_TIMEOUT_MS, retry: 0 });
    const blob = await response.blob();
    const fileName = attachmentName(response.headers.get('content-disposition')) ?? 'oneroster.zip';
    saveBlob(fileName, blob);
    return fileName;
  });
}
