/**
 * The PDFs as they leave the server (pdf-lib): a buyer's copy carries their public id (userCode) and order on
 * every page — a light diagonal line across the page and a small line at its top — and in the
 * document's keywords; the public sample is the first pages of a file, marked as a sample.
 * The committed files are never changed; each download is stamped anew.
 */
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface Watermark {
  /** The buyer's public id (userCode: the serial id never leaves the server). */
  userCode: string;
  orderNo: string;
  /** The download's date (YYYY-MM-DD), in the product's zone. */
  date: string;
}

/** The line stamped on a buyer's copy (ASCII: the standard PDF fonts have no Chinese). */
export const watermarkText = (mark: Watermark) =>
  `Ninety PTE - licensed to ${mark.userCode} - order ${mark.orderNo} - ${mark.date}`;

async function stamp(source: Uint8Array, line: string, diagonal: string, pages?: number) {
  const original = await PDFDocument.load(source, { updateMetadata: false });
  let doc = original;
  if (pages !== undefined) {
    doc = await PDFDocument.create({ updateMetadata: false });
    const count = Math.min(pages, original.getPageCount());
    const copied = await doc.copyPages(original, [...Array(count).keys()]);
    for (const page of copied) doc.addPage(page);
    doc.setTitle(original.getTitle() ?? 'Ninety PTE');
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    page.drawText(line, { x: 36, y: height - 24, size: 7, font, color: rgb(0.55, 0.58, 0.62) });
    const size = 22;
    const textWidth = font.widthOfTextAtSize(diagonal, size);
    // Corner to corner through the middle, faint enough to read the page through.
    const angle = Math.atan2(height, width);
    page.drawText(diagonal, {
      x: width / 2 - (Math.cos(angle) * textWidth) / 2,
      y: height / 2 - (Math.sin(angle) * textWidth) / 2,
      size,
      font,
      color: rgb(0.6, 0.62, 0.66),
      opacity: 0.12,
      rotate: degrees((angle * 180) / Math.PI),
    });
  }
  doc.setKeywords([line]);
  doc.setProducer('Ninety PTE');
  return doc.save();
}

/** A buyer's copy of a file. */
export function watermarked(source: Uint8Array, mark: Watermark): Promise<Uint8Array> {
  return stamp(source, watermarkText(mark), `Ninety PTE · ${mark.userCode}`);
}

/** The public sample: the first `pages` pages, marked as a sample. */
export function samplePages(source: Uint8Array, pages: number): Promise<Uint8Array> {
  return stamp(
    source,
    'Ninety PTE - sample pages - buy the material for the whole file',
    'SAMPLE · Ninety PTE',
    pages,
  );
}
