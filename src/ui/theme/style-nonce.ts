/**
 * The page's style nonce: the server writes it into index.html's `csp-nonce` meta and into the Content-Security-Policy
 * of the same answer, so the style elements Chakra UI's engine (Emotion) inserts are allowed without
 * 'unsafe-inline'. Absent, or still the marker index.html is built with (the development server, a test page):
 * no nonce.
 */
import { CSP_NONCE_PLACEHOLDER } from '../../contract/common';

export function styleNonce(doc: Document = document): string | undefined {
  const value = doc.querySelector('meta[property="csp-nonce"]')?.getAttribute('content');
  return value && value !== CSP_NONCE_PLACEHOLDER ? value : undefined;
}
