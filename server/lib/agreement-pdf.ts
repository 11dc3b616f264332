/**
 * The signed Independent Study Learning Agreement as a PDF: the frozen version everyone signed
 * (header, numbered sections, the course table, addenda), then a certificate page listing each signature's evidence:
 * the role, the account, the typed name, the consent text shown, the time, the IP address, the device and the hash
 * of the version signed. Made with pdf-lib's standard Helvetica (no font files to ship); a character that font cannot
 * draw is written as "?" rather than failing the download.
 *
 * pdf-lib is loaded on the first agreement printed, not when the server starts: it is the largest package the server
 * uses and parsing it cost a tenth of a warm start.
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { AgreementContent, AgreementDetail } from '../../src/contract';

type PdfLib = typeof import('pdf-lib');
let pdfLib: Promise<PdfLib> | null = null;

/** pdf-lib, imported on first use and kept (a failed import is tried again next time). */
export function loadPdfLib(): Promise<PdfLib> {
  pdfLib ??= import('pdf-lib').catch((err: unknown) => {
    pdfLib = null;
    throw err;
  });
  return pdfLib;
}

const PAGE = { width: 612, height: 792, margin: 54 } as const;
const INK = [0.1, 0.1, 0.12] as const;
const MUTED = [0.35, 0.35, 0.4] as const;

/** Writes lines top to bottom, wrapping words and starting new pages as needed. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly lib: PdfLib,
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private color([red, green, blue]: readonly [number, number, number]) {
    return this.lib.rgb(red, green, blue);
  }

  /** Text the font can draw: anything else becomes "?". */
  private drawable(text: string, font: PDFFont): string {
    const set = new Set(font.getCharacterSet());
    return Array.from(text.replace(/[\r\n\t]+/g, ' '), (ch) => (set.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
  }

  text(
    text: string,
    opts: { size?: number; bold?: boolean; muted?: boolean; gap?: number; indent?: number } = {},
  ): void {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const indent = opts.indent ?? 0;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    const lineHeight = size * 1.35;
    for (const paragraph of text.split('\n')) {
      const words = this.drawable(paragraph, font).split(' ');
      let line = '';
      const flush = () => {
        if (this.y - lineHeight < PAGE.margin) this.newPage();
        this.y -= lineHeight;
        this.page.drawText(line, {
          x: PAGE.margin + indent,
          y: this.y,
          size,
          font,
          color: this.color(opts.muted ? MUTED : INK),
        });
        line = '';
      };
      for (const word of words) {
        const next = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(next, size) > width) {
          flush();
          line = word;
        } else {
          line = next;
        }
        // A single word wider than the line (a hash, a long user agent) is cut where it fits.
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          const rest = line.slice(cut);
          line = line.slice(0, cut);
          flush();
          line = rest;
        }
      }
      if (line || !paragraph) flush();
    }
    this.y -= opts.gap ?? 4;
  }
}

const when = (instant: string, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'long',
  }).format(new Date(instant))} (${instant})`;

function agreementPages(w: Writer, c: AgreementContent, detail: AgreementDetail): void {
  w.text('Independent Study Learning Agreement', { size: 18, bold: true, gap: 10 });
  w.text(`Scholar: ${c.scholar.name}    ID: ${c.scholar.student_number}    Grade: ${c.scholar.grade}`);
  w.text(`Duration: ${c.duration}`);
  w.text(`Beginning date: ${c.begins_on}    Ending date: ${c.ends_on}    School days: ${detail.school_days}`);
  w.text(
    `Pre-enrollment conference: ${c.conference.on} at ${c.conference.time}, ${c.conference.place}` +
      (c.conference.notes ? `. Notes: ${c.conference.notes}` : ''),
  );
  w.text(`Supervising teacher: ${c.teacher.name}`, { gap: 12 });
  for (const section of c.sections) {
    w.text(`${section.number}. ${section.title}`, { size: 12, bold: true, gap: 2 });
    w.text(section.body, { gap: 8 });
    if (section.key === 'courses') {
      w.text('Subject / course                               Grade band     Course value (9-12)', {
        bold: true,
        indent: 12,
      });
      for (const course of c.courses) {
        const name = course.course ? `${course.subject}: ${course.course}` : course.subject;
        w.text(`${name}  -  ${course.grade_band}  -  ${course.course_value ?? 'n/a'}`, { indent: 12, gap: 2 });
      }
      w.y -= 8;
    }
  }
  if (c.addenda.length) {
    w.text('Addenda', { size: 12, bold: true, gap: 2 });
    for (const a of c.addenda) w.text(`Addendum ${a.number} (${a.created_at}): ${a.description}`, { gap: 6 });
  }
}

/** The agreement's PDF: the signed version, then the certificate of signatures. */
export async function renderAgreementPdf(detail: AgreementDetail, timeZone: string): Promise<Uint8Array> {
  const lib = await loadPdfLib();
  const doc = await lib.PDFDocument.create();
  doc.setTitle(`Independent Study Learning Agreement: ${detail.scholar_name}`);
  doc.setSubject(`Version ${detail.version_number ?? 0}, SHA-256 ${detail.version_hash ?? ''}`);
  doc.setProducer('school-ops');
  doc.setCreationDate(new Date(detail.updated_at));
  doc.setModificationDate(new Date(detail.updated_at));
  const fonts = {
    regular: await doc.embedFont(lib.StandardFonts.Helvetica),
    bold: await doc.embedFont(lib.StandardFonts.HelveticaBold),
  };
  const w = new Writer(lib, doc, fonts);
  if (detail.content) agreementPages(w, detail.content, detail);

  w.newPage();
  w.text('Certificate of signatures', { size: 18, bold: true, gap: 6 });
  w.text(`Independent Study Learning Agreement of ${detail.scholar_name} (${detail.student_number})`);
  w.text(`Version ${detail.version_number ?? 0}, SHA-256 of its content: ${detail.version_hash ?? ''}`, {
    muted: true,
    gap: 12,
  });
  const current = detail.signatures.filter((s) => s.version_hash === detail.version_hash);
  const earlier = detail.signatures.filter((s) => s.version_hash !== detail.version_hash);
  for (const [title, list] of [
    ['Signatures of this version', current],
    ['Signatures of earlier versions (before an addendum)', earlier],
  ] as const) {
    if (!list.length) continue;
    w.text(title, { size: 12, bold: true, gap: 6 });
    for (const s of list) {
      w.text(`${s.role[0]?.toUpperCase()}${s.role.slice(1)}: ${s.typed_name}`, { bold: true, gap: 2 });
      w.text(`Account: ${s.account_name} (${s.account_id})`, { indent: 12, gap: 1 });
      w.text(`Signed: ${when(s.signed_at, timeZone)}`, { indent: 12, gap: 1 });
      w.text(`IP address: ${s.ip}`, { indent: 12, gap: 1 });
      w.text(`Device: ${s.user_agent}`, { indent: 12, gap: 1 });
      w.text(`Version ${s.version_number}, SHA-256: ${s.version_hash}`, { indent: 12, gap: 1 });
      w.text(`Consent shown: ${s.consent_text}`, { indent: 12, muted: true, gap: 10 });
    }
  }
  return doc.save({ useObjectStreams: false });
}
