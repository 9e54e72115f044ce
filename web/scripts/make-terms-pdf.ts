/**
 * Writes public/terms.pdf: the terms of use (terms.ts), Spanish first, then English on a new page.
 * Run with `npm run terms-pdf`; the PDF is committed, so run it again after changing terms.ts.
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { terms, type Terms } from './terms';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
const BRAND = rgb(0.749, 0.243, 0.102);
const INK = rgb(0.12, 0.14, 0.19);
const MUTED = rgb(0.42, 0.45, 0.5);

/** Splits a paragraph into lines that fit the width at this font and size. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  private pageNumber = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {}

  newPage(footer: string): void {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.pageNumber += 1;
    this.y = A4.height - MARGIN;
    this.page.drawText(`Ruedas · ${footer} ${this.pageNumber}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: this.fonts.regular,
      color: MUTED,
    });
  }

  /** Writes wrapped text; a paragraph that would cross the bottom margin continues on a new page. */
  text(content: string, options: { size: number; bold?: boolean; color?: typeof INK; indent?: number; after: number }, footer: string): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const leading = options.size * 1.45;
    for (const line of wrap(content, font, options.size, TEXT_WIDTH - indent)) {
      if (this.y - leading < MARGIN) this.newPage(footer);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size: options.size, font, color: options.color ?? INK });
    }
    this.y -= options.after;
  }

  /** Keeps a heading together with the first lines of its section. */
  keepWith(space: number, footer: string): void {
    if (this.y - space < MARGIN) this.newPage(footer);
  }

  rule(): void {
    this.y -= 4;
    this.page.drawRectangle({ x: MARGIN, y: this.y, width: 48, height: 3, color: BRAND });
    this.y -= 14;
  }
}

function writeTerms(writer: Writer, document: Terms): void {
  const footer = document.pageLabel;
  writer.newPage(footer);
  writer.text(document.title, { size: 20, bold: true, after: 2 }, footer);
  writer.rule();
  writer.text(document.updated, { size: 9, color: MUTED, after: 10 }, footer);
  writer.text(document.intro, { size: 10.5, after: 10 }, footer);
  for (const section of document.sections) {
    writer.keepWith(60, footer);
    writer.text(section.title, { size: 12.5, bold: true, color: BRAND, after: 3 }, footer);
    for (const paragraph of section.paragraphs) {
      const bullet = paragraph.startsWith('• ');
      writer.text(paragraph, { size: 10.5, indent: bullet ? 10 : 0, after: bullet ? 3 : 7 }, footer);
    }
    writer.text('', { size: 4, after: 4 }, footer);
  }
}

const pdf = await PDFDocument.create();
pdf.setTitle('Ruedas: términos de uso / terms of use');
pdf.setAuthor('Ruedas');
pdf.setLanguage('es-CR');
// A fixed date keeps the committed file identical when the script runs again on unchanged text.
const issued = new Date('2026-11-22T00:00:00Z');
pdf.setCreationDate(issued);
pdf.setModificationDate(issued);

const writer = new Writer(pdf, {
  regular: await pdf.embedFont(StandardFonts.Helvetica),
  bold: await pdf.embedFont(StandardFonts.HelveticaBold),
});
writeTerms(writer, terms.es);
writeTerms(writer, terms.en);

const target = new URL('../public/terms.pdf', import.meta.url);
await writeFile(target, await pdf.save());
console.log(`Wrote ${target.pathname} (${pdf.getPageCount()} pages)`);
