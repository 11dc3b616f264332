/**
 * Saves text as a file the browser downloads (the needs-attention export). A byte order mark leads the file so that
 * spreadsheet programs read accented names (Spanish rosters) as UTF-8 rather than their local code page.
 */

/** Downloads `text` as a file named `fileName`. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
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
