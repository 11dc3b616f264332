/**
 * The portal's calls of the Independent Study Learning Agreement: signing (online only: a signature needs
 * a connection, never the outbox) and the signed PDF. A parent signing on a scholar's phone through the parent login
 * sends the parent's own token, so the server records the parent's account.
 */
import { api, call } from '../../../api/client';
import type { AgreementResponse, SignBody } from '../../../contract/independent-study';

const withToken = (token?: string) => (token ? { headers: { Authorization: `Bearer ${token}` } } : {});

/** Signs the agreement's current version as the caller (or the parent whose token is given). */
export function signAgreement(id: string, body: SignBody, token?: string): Promise<AgreementResponse> {
  return call(() =>
    api.post(`v2/scholar/independent_study/${id}/sign`, { json: body, ...withToken(token) }).json<AgreementResponse>(),
  );
}

/** Downloads the signed agreement's PDF as a file. */
export async function downloadAgreementPdf(id: string, fileName: string, token?: string): Promise<void> {
  const blob = await call(() => api.get(`v2/scholar/independent_study/${id}/pdf`, withToken(token)).blob());
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
