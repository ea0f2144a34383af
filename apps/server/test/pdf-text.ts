import { inflateSync } from 'node:zlib';

/**
 * Whether a PDF draws `text` on a page: pdf-lib writes it hex-encoded (or as a literal string) in
 * a content stream, Flate-compressed or not. Shared by the 资料 server test and its journey.
 */
export function drawsText(pdf: Buffer, text: string): boolean {
  const hex = Buffer.from(text, 'latin1').toString('hex').toUpperCase();
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let data: string;
    try {
      data = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      data = raw.slice(start, end);
    }
    if (data.toUpperCase().includes(hex) || data.includes(`(${text})`)) return true;
  }
  return false;
}
