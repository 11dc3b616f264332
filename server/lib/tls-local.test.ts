/**
 * The school's own authority and the server certificate (tls-local.ts), read back with node:crypto and node-forge:
 * the extensions devices require (Apple HT210176: subjectAltName, serverAuth; the authority CA:true pathlen 0 with
 * keyCertSign), the validity limits (397 days; the authority 10 years), the signature chain, and the names accepted.
 */
import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { CA_YEARS, issueServerCertificate, makeAuthority, parseNames, SERVER_CERT_DAYS, spkiHash } from './tls-local';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-08-20T15:00:00Z');
const ca = makeAuthority({ now, name: 'Lincoln Elementary' });
const server = issueServerCertificate(ca, parseNames(['school-ops.lan', '192.168.1.20', 'fe80::1']), { now });

describe('the local authority', () => {
  it('is a CA for server certificates only (pathlen 0, keyCertSign), self-signed, valid ten years', () => {
    const cert = forge.pki.certificateFromPem(ca.certPem);
    expect(cert.getExtension('basicConstraints')).toMatchObject({ cA: true, pathLenConstraint: 0, critical: true });
    expect(cert.getExtension('keyUsage')).toMatchObject({ keyCertSign: true, cRLSign: true, critical: true });
    expect(cert.getExtension('keyUsage')).not.toMatchObject({ digitalSignature: true });
    const x509 = new X509Certificate(ca.certPem);
    expect(x509.ca).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(new Date(x509.validTo).getUTCFullYear()).toBe(now.getUTCFullYear() + CA_YEARS);
    expect(x509.subject).toContain('Lincoln Elementary');
  });
});

describe('the server certificate', () => {
  const x509 = new X509Certificate(server.certPem);

  it('names every host as DNS and every address as IP in subjectAltName, for serverAuth, not a CA', () => {
    expect(x509.subjectAltName).toBe('DNS:school-ops.lan, IP Address:192.168.1.20, IP Address:FE80:0:0:0:0:0:0:1');
    expect(x509.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // extendedKeyUsage: id-kp-serverAuth
    expect(x509.ca).toBe(false);
    expect(x509.checkHost('school-ops.lan')).toBe('school-ops.lan');
    expect(x509.checkIP('192.168.1.20')).toBe('192.168.1.20');
    expect(x509.checkHost('elsewhere.lan')).toBeUndefined();
    const cert = forge.pki.certificateFromPem(server.certPem);
    expect(cert.getExtension('keyUsage')).toMatchObject({ digitalSignature: true, keyEncipherment: true });
    expect(cert.getExtension('keyUsage')).not.toMatchObject({ keyCertSign: true });
  });

  it('is signed by the authority and valid at most 397 days, starting a little before now', () => {
    const authority = new X509Certificate(ca.certPem);
    expect(x509.checkIssued(authority)).toBe(true);
    expect(x509.verify(authority.publicKey)).toBe(true);
    const from = new Date(x509.validFrom).getTime();
    const to = new Date(x509.validTo).getTime();
    expect(to - from).toBeLessThanOrEqual(SERVER_CERT_DAYS * DAY_MS);
    expect(SERVER_CERT_DAYS).toBeLessThan(398);
    expect(from).toBeLessThan(now.getTime());
    expect(to).toBeGreaterThan(now.getTime() + 396 * DAY_MS);
    // Asking for longer still gives the limit.
    const long = new X509Certificate(issueServerCertificate(ca, parseNames(['a.lan']), { now, days: 825 }).certPem);
    expect(new Date(long.validTo).getTime() - new Date(long.validFrom).getTime()).toBe(SERVER_CERT_DAYS * DAY_MS);
  });

  it('has an RSA key of 2048 bits and a fresh serial each time', () => {
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const again = new X509Certificate(issueServerCertificate(ca, parseNames(['school-ops.lan']), { now }).certPem);
    expect(again.serialNumber).not.toBe(x509.serialNumber);
    expect(spkiHash(server.certPem)).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

describe('the names given', () => {
  it('sorts host names and addresses, and refuses what is neither', () => {
    expect(parseNames(['School-Ops.LAN.', '10.0.0.5', '[::1]', 'school-ops.lan'])).toEqual({
      dns: ['school-ops.lan'],
      ips: ['10.0.0.5', '::1'],
    });
    expect(() => parseNames(['ok.lan', 'not a name', 'http://x.lan'])).toThrow(
      'not a host name or an IP address: not a name, http://x.lan',
    );
    expect(() => parseNames([])).toThrow('give at least one host name or IP address');
  });
});
