/** `POST v2/photo_imports`: a zip of scholars' photos; answers what became of each file. */
import { api, call } from '../../../api/client';
import type { PhotoImportResult } from '../../../contract';

/**
 * Uploads the zip and waits for the server to read every photo in it, which for hundreds of photos takes longer than
 * the client's usual 20 s: no timeout here (the server's own request timeout still bounds the upload).
 */
export const importPhotos = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return call(() =>
    api.post('v2/photo_imports', { body, retry: 0, timeout: false }).json<{ data: PhotoImportResult }>(),
  ).then((r) => r.data);
};
