/**
 * The verifier of a station PIN kept on the device: PBKDF2-SHA256, salted, 210,000 iterations, so
 * the device can check the PIN offline without keeping it. Loaded with the station dialogs, not with the app's start.
 */

export interface PinVerifier {
  salt: string;
  hash: string;
  iterations: number;
}

export const PBKDF2_ITERATIONS = 210_000;

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return toBase64(bits);
}

/** A verifier of a PIN, to check it later without keeping it. */
export async function makeVerifier(pin: string, iterations = PBKDF2_ITERATIONS): Promise<PinVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: toBase64(salt), hash: await derive(pin, salt, iterations), iterations };
}

/** True when the PIN is the one the verifier was made from. */
export async function matchesVerifier(pin: string, verifier: PinVerifier): Promise<boolean> {
  const hash = await derive(pin, fromBase64(verifier.salt), verifier.iterations);
  // Equal length base64 of 32 bytes; compare every character so timing says nothing.
  let diff = hash.length ^ verifier.hash.length;
  for (let i = 0; i < hash.length; i++) diff |= hash.charCodeAt(i) ^ (verifier.hash.charCodeAt(i) || 0);
  return diff === 0;
}
