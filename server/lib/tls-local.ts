/**
 * A school's own certificate authority and the server's certificate, for a school without a certificate from a public
 * authority (`npm run tls:local -- <host-or-ip>…`, scripts/tls-local.mjs; docs/tls.md). The authority is made once and
 * reused; each run issues a new server certificate for the names and addresses given, so renewing is running it again.
 * The devices trust the authority once (its ca.crt), and every later server certificate with it.
 *
 * Certificates are made with node-forge (X.509 and its extensions); keys with node:crypto (RSA 2048, the size Apple
 * requires at least for TLS, HT210176) and handed to forge as PEM.
 *
 * What the certificates carry, and why:
 * - the authority: CA:true with pathlen 0 (it signs server certificates only, no intermediate), keyCertSign and
 *   cRLSign, valid 10 years (a device trusts it once);
 * - the server: every name as a DNS entry and every address as an IP entry of subjectAltName (browsers read only
 *   these, not the common name: RFC 6125, Apple HT210176), extendedKeyUsage serverAuth (required by Apple HT210176),
 *   digitalSignature and keyEncipherment, valid at most 397 days (Apple refuses TLS server certificates valid more than
 *   398 days, HT211025; one day less leaves room for time zones and a clock a little off).
 */
import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import forge from 'node-forge';

/** Apple's limit for a TLS server certificate's validity is 398 days (HT211025); see the header. */
export const SERVER_CERT_DAYS = 397;
export const CA_YEARS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TlsFiles {
  dir: string;
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
}

/** The files `tls:local` writes under DATA_DIR/tls/. */
export function tlsFiles(dataDir: string): TlsFiles {
  const dir = resolve(dataDir, 'tls');
  return {
    dir,
    caCert: join(dir, 'ca.crt'),
    caKey: join(dir, 'ca.key'),
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
  };
}

/** A host name (letters, digits and hyphens in labels of at most 63, RFC 1123) or `*.` before one. */
const HOST_NAME = /^(\*\.)?(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.?$/i;

export interface Names {
  dns: string[];
  ips: string[];
}

/** Sorts what the operator typed into DNS names and IP addresses; throws naming what is neither. */
export function parseNames(values: string[]): Names {
  const dns: string[] = [];
  const ips: string[] = [];
  const bad: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/^\[(.*)\]$/, '$1');
    if (!value) continue;
    if (isIP(value)) ips.push(value);
    else if (value.length <= 253 && HOST_NAME.test(value)) dns.push(value.toLowerCase().replace(/\.$/, ''));
    else bad.push(raw);
  }
  if (bad.length) throw new Error(`not a host name or an IP address: ${bad.join(', ')}`);
  if (dns.length + ips.length === 0) throw new Error('give at least one host name or IP address');
  return { dns: [...new Set(dns)], ips: [...new Set(ips)] };
}

/** A new RSA key pair as forge objects, with the private key's PKCS #8 PEM to write. */
function newKeyPair() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(pem);
  const publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  return { pem, privateKey: key, publicKey };
}

/** A random positive 128-bit serial number (RFC 5280 4.1.2.2: positive, at most 20 octets; CA/B: 64 bits of entropy). */
function serialNumber(): string {
  const bytes = forge.random.getBytesSync(16);
  const hex = forge.util.bytesToHex(bytes);
  // The first bit clear keeps the DER integer positive.
  return (Number.parseInt(hex.slice(0, 2), 16) & 0x7f).toString(16).padStart(2, '0') + hex.slice(2);
}

export interface Authority {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  certPem: string;
  keyPem: string;
}

/** Makes a new certificate authority, valid CA_YEARS from `now`. */
export function makeAuthority(opts: { now?: Date; name?: string } = {}): Authority {
  const now = opts.now ?? new Date();
  const { pem, privateKey, publicKey } = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serialNumber();
  // An hour back: a device whose clock is a little behind still accepts it.
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + CA_YEARS);
  const subject = [
    { name: 'commonName', value: `${opts.name ?? 'School'} local authority ${now.toISOString().slice(0, 10)}` },
    { name: 'organizationName', value: opts.name ?? 'School' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  return { cert, key: privateKey, certPem: forge.pki.certificateToPem(cert), keyPem: pem };
}

/** Reads an authority written before (its certificate and key PEM). */
export function readAuthority(certPem: string, keyPem: string): Authority {
  const cert = forge.pki.certificateFromPem(certPem);
  const key = forge.pki.privateKeyFromPem(keyPem);
  return { cert, key, certPem, keyPem };
}

/** Issues a server certificate for the names and addresses, signed by the authority, valid SERVER_CERT_DAYS. */
export function issueServerCertificate(
  ca: Authority,
  names: Names,
  opts: { now?: Date; days?: number } = {},
): { certPem: string; keyPem: string } {
  const now = opts.now ?? new Date();
  const days = Math.min(opts.days ?? SERVER_CERT_DAYS, SERVER_CERT_DAYS);
  const { pem, publicKey } = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  // The hour back counts in the validity: notBefore to notAfter stays within the days.
  cert.validity.notAfter = new Date(cert.validity.notBefore.getTime() + days * DAY_MS);
  cert.setSubject([{ name: 'commonName', value: names.dns[0] ?? names.ips[0] ?? 'server' }]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [...names.dns.map((value) => ({ type: 2, value })), ...names.ips.map((ip) => ({ type: 7, ip }))],
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.cert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.key, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: pem };
}

/** A certificate's SHA-256 fingerprint as the devices show it (AA:BB:…). */
export function fingerprint(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256;
}

/** The base64 SHA-256 of a certificate's SubjectPublicKeyInfo (what HPKP and Chromium's SPKI lists name). */
export function spkiHash(certPem: string): string {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

function writeSecret(path: string, text: string) {
  writeFileSync(path, text, { mode: 0o600 });
  // The mode given to writeFileSync is only used when the file is new (and the umask applies): set it either way.
  chmodSync(path, 0o600);
}

export interface LocalTlsResult {
  files: TlsFiles;
  /** True when this run made the authority (the devices must trust it); false when an earlier one was reused. */
  createdAuthority: boolean;
  caFingerprint: string;
  names: Names;
  notAfter: Date;
}

/**
 * Makes (or reuses) the authority in DATA_DIR/tls and issues the server certificate for `hosts`, writing ca.crt,
 * ca.key (0600), server.crt and server.key (0600).
 */
export function writeLocalTls(
  dataDir: string,
  hosts: string[],
  opts: { now?: Date; schoolName?: string } = {},
): LocalTlsResult {
  const names = parseNames(hosts);
  const files = tlsFiles(dataDir);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const hasCert = existsSync(files.caCert);
  const hasKey = existsSync(files.caKey);
  if (hasCert !== hasKey) {
    throw new Error(
      `${hasCert ? files.caKey : files.caCert} is missing beside ${hasCert ? files.caCert : files.caKey}: restore it, ` +
        'or move both away to make a new authority (every device must then trust the new one)',
    );
  }
  const ca = hasCert
    ? readAuthority(readFileSync(files.caCert, 'utf8'), readFileSync(files.caKey, 'utf8'))
    : makeAuthority({ now: opts.now, name: opts.schoolName });
  if (!hasCert) {
    writeFileSync(files.caCert, ca.certPem, { mode: 0o644 });
    writeSecret(files.caKey, ca.keyPem);
  }
  const server = issueServerCertificate(ca, names, { now: opts.now });
  writeSecret(files.serverKey, server.keyPem);
  writeFileSync(files.serverCert, server.certPem, { mode: 0o644 });
  return {
    files,
    createdAuthority: !hasCert,
    caFingerprint: fingerprint(ca.certPem),
    names,
    notAfter: new Date(new X509Certificate(server.certPem).validTo),
  };
}

/** What `tls:local` prints: the files, the environment to start with, and how each kind of device trusts ca.crt. */
export function instructions(result: LocalTlsResult, opts: { port: number }): string {
  const { files, names } = result;
  const host = names.dns[0] ?? (names.ips[0]?.includes(':') ? `[${names.ips[0]}]` : names.ips[0]);
  const url = `https://${host}${opts.port === 443 ? '' : `:${opts.port}`}/`;
  return [
    '',
    result.createdAuthority
      ? `Made a new certificate authority: ${files.caCert}`
      : `Reused the certificate authority in ${files.caCert}`,
    `  SHA-256 fingerprint: ${result.caFingerprint}`,
    `Issued the server certificate for ${[...names.dns, ...names.ips].join(', ')}, valid until ${result.notAfter.toISOString().slice(0, 10)}: ${files.serverCert}`,
    '',
    'Start the server with these lines in its environment:',
    `TLS_CERT=${files.serverCert}`,
    `TLS_KEY=${files.serverKey}`,
    '',
    `Then open ${url} on a device that trusts the authority.`,
    'Optionally HTTP_REDIRECT_PORT=80 (or another free port) sends http:// visitors to HTTPS.',
    '',
    'Trust the authority once on each device (copy ca.crt to it: a USB stick, mail, a shared drive); keep ca.key',
    'private, it signs certificates every device will believe.',
    '',
    'Chromebooks (managed): Google Admin console → Devices → Networks → Certificates → Add certificate, choose',
    '  ca.crt, tick "Chromebook" under Authority, Save (applies to the organisational unit chosen).',
    'Chromebooks (unmanaged): chrome://certificate-manager → Local certificates → Custom → Installed by you →',
    '  Trusted certificates → Import, choose ca.crt, tick "Trust this certificate for identifying websites".',
    'iPads and iPhones: open ca.crt on the device (AirDrop, mail or Safari) and allow the profile download, then',
    '  Settings → General → VPN & Device Management → the profile → Install; then Settings → General → About →',
    '  Certificate Trust Settings → turn on full trust for the authority.',
    'Windows: run certmgr.msc → Trusted Root Certification Authorities → Certificates → All Tasks → Import, choose',
    '  ca.crt (for every user of the computer: certlm.msc, or `certutil -addstore -f Root ca.crt` as administrator).',
    'Android: Settings → Security → Encryption & credentials → Install a certificate → CA certificate → Install',
    '  anyway, choose ca.crt (the menu names differ a little by maker; search Settings for "CA certificate").',
    '',
    `Renew before ${result.notAfter.toISOString().slice(0, 10)}: run the same command again (the authority is reused, devices need nothing).`,
    '',
  ].join('\n');
}
