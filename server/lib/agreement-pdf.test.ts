/**
 * The agreement PDF loads pdf-lib on first use (not at server start), and still prints. The route tests
 * (server/routes/independent_study/) check the download itself; here, when the package is loaded and what comes out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgreementDetail } from '../../src/contract';

const detail: AgreementDetail = {
  id: 'a1',
  scholar_id: 's1',
  scholar_name: 'Ana Ruiz',
  student_number: '100234',
  grade: '7',
  state: 'signed',
  duration: 'Short term',
  begins_on: '2026-01-12',
  ends_on: '2026-01-30',
  school_days: 14,
  deadline: null,
  overdue: false,
  teacher_id: 't1',
  teacher_name: 'Lee Park',
  version_number: 1,
  updated_at: '2026-01-09T17:00:00.000Z',
  conference_on: '2026-01-09',
  conference_time: '09:00',
  conference_place: 'Room 4',
  conference_notes: null,
  courses: [],
  version_hash: 'a'.repeat(64),
  content: null,
  signatures: [
    {
      id: 'g1',
      role: 'parent',
      account_id: 'u1',
      account_name: 'Maria Ruiz',
      typed_name: 'María Ruiz ✓',
      consent_text: 'I agree.',
      signed_at: '2026-01-09T17:00:00.000Z',
      ip: '192.0.2.1',
      user_agent: 'Test',
      version_number: 1,
      version_hash: 'a'.repeat(64),
    },
  ],
  next_signer: null,
};

afterEach(() => {
  vi.doUnmock('pdf-lib');
  vi.resetModules();
});

/** The module fresh, with pdf-lib behind a factory that counts its loads. */
async function freshModule() {
  vi.resetModules();
  const loads = vi.fn();
  vi.doMock('pdf-lib', async () => {
    loads();
    return vi.importActual<typeof import('pdf-lib')>('pdf-lib');
  });
  const mod = await import('./agreement-pdf');
  return { mod, loads };
}

describe('agreement PDF', () => {
  it('does not load pdf-lib when imported, loads it once on first use and keeps it', async () => {
    const { mod, loads } = await freshModule();
    expect(loads).not.toHaveBeenCalled();
    const first = await mod.loadPdfLib();
    expect(typeof first.PDFDocument.create).toBe('function');
    expect(await mod.loadPdfLib()).toBe(first);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('prints a PDF once loaded lazily, characters Helvetica cannot draw replaced', async () => {
    const { mod, loads } = await freshModule();
    const bytes = await mod.renderAgreementPdf(detail, 'America/Los_Angeles');
    expect(loads).toHaveBeenCalledTimes(1);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { PDFDocument } = await mod.loadPdfLib();
    const doc = await PDFDocument.load(bytes);
    // The agreement's page (left empty: no content in this detail), then the certificate of signatures.
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getTitle()).toBe('Independent Study Learning Agreement: Ana Ruiz');
  });
});
