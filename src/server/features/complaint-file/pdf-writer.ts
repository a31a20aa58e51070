import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** DejaVu Sans from the npm package (never the machine's fonts): it prints Latin, Greek and Cyrillic names whole. */
const FONT_FILES = {
  regular: require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff'),
};
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontData = () => (fonts ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) });

/** What a character the font has no glyph for prints as (names in CJK scripts, say); the first page says so. */
export const MISSING_GLYPH = '[?]';

/** pdfkit keeps the current font's fontkit object on `_font.font`; its public API cannot ask whether a glyph exists. */
type WithFontkit = { _font?: { font?: { hasGlyphForCodePoint(codePoint: number): boolean } } };

const MARGIN = 50;
const GRAY = '#475569';

/** A PDF being written: headings, labelled values and paragraphs that flow over pages, then the footer on every page. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  /** Whether some text held characters the font cannot print. */
  replaced = false;

  constructor(title: string) {
    this.doc = new PDFDocument({ size: 'A4', margins: { top: MARGIN, bottom: MARGIN + 30, left: MARGIN, right: MARGIN }, bufferPages: true, tagged: true, lang: 'en', info: { Title: title, Creator: 'Quality Portal' } });
    this.doc.registerFont('body', fontData().regular);
    this.doc.registerFont('bold', fontData().bold);
    this.doc.font('body');
  }

  /** The text with every character the font lacks replaced by MISSING_GLYPH. */
  printable(text: string): string {
    const font = (this.doc as unknown as WithFontkit)._font?.font;
    if (!font) return text;
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const plain = cp === 10 || cp === 9;
      if (plain || font.hasGlyphForCodePoint(cp)) out += ch;
      else {
        out += MISSING_GLYPH;
        this.replaced = true;
      }
    }
    return out;
  }

  title(text: string, subtitle: string): void {
    this.doc.font('bold').fontSize(18).fillColor('#0f172a').text(this.printable(text));
    this.doc.font('body').fontSize(10).fillColor(GRAY).text(this.printable(subtitle)).moveDown(0.8);
  }

  heading(text: string): void {
    if (this.doc.y > this.doc.page.height - 160) this.doc.addPage();
    this.doc.moveDown(0.6).font('bold').fontSize(13).fillColor('#0f172a').text(this.printable(text));
    const y = this.doc.y + 2;
    this.doc.moveTo(MARGIN, y).lineTo(this.doc.page.width - MARGIN, y).lineWidth(0.5).strokeColor('#cbd5e1').stroke();
    this.doc.moveDown(0.5);
  }

  subheading(text: string): void {
    this.doc.moveDown(0.3).font('bold').fontSize(10.5).fillColor('#0f172a').text(this.printable(text)).moveDown(0.15);
  }

  /** "Label: value" on one flowing line; an empty value prints as a dash. */
  field(label: string, value: string | null | undefined): void {
    this.doc.font('bold').fontSize(9).fillColor(GRAY).text(`${this.printable(label)}: `, { continued: true });
    this.doc.font('body').fontSize(10).fillColor('#0f172a').text(this.printable(value && value.trim() ? value : '-'));
  }

  paragraph(text: string, options: { muted?: boolean } = {}): void {
    this.doc.font('body').fontSize(10).fillColor(options.muted ? GRAY : '#0f172a').text(this.printable(text)).moveDown(0.25);
  }

  gap(): void {
    this.doc.moveDown(0.4);
  }

  /** Writes the footer on every page — generation time, "Page x of y", the record's SHA-256 — and answers the PDF. */
  finish(footer: { generated: string; hash: string }): Promise<Buffer> {
    if (this.replaced) this.paragraph(`Characters this file's font cannot print are shown as ${MISSING_GLYPH}; the portal shows them as written.`, { muted: true });
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const bottom = this.doc.page.height - MARGIN - 14;
      const width = this.doc.page.width - 2 * MARGIN;
      // Writing inside the bottom margin must not start a new page.
      const margins = this.doc.page.margins;
      this.doc.page.margins = { ...margins, bottom: 0 };
      this.doc.font('body').fontSize(8).fillColor(GRAY);
      this.doc.text(`Generated ${footer.generated}`, MARGIN, bottom, { width, align: 'left', lineBreak: false });
      this.doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN, bottom, { width, align: 'right', lineBreak: false });
      this.doc.fontSize(7).text(`Record snapshot SHA-256: ${footer.hash}`, MARGIN, bottom + 12, { width, align: 'left', lineBreak: false });
      this.doc.page.margins = margins;
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on('data', (c: Buffer) => chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
