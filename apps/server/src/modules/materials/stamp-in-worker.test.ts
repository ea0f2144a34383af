import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app';
import { watermarkText } from './materials-pdf';
import { stampInWorker } from './stamp-in-worker';

/**
 * Stamping on a worker thread (issue 21): the copy that comes back is the stamped file; a PDF
 * that is not one fails the job; a stamping over its CPU limit is stopped, not waited for.
 */
const mark = { userCode: 'U1A2B3C4', orderNo: 'NT20261122100000000001', date: '2026-11-22' };
const source = () =>
  readFile(path.join(testConfig().CONTENT_DIR, 'materials', 'files', 'di-charts.pdf'));

describe('stampInWorker', () => {
  it('stamps the buyer’s copy on a worker thread', async () => {
    const original = await source();
    const stamped = await stampInWorker({ source: original, mark });
    const pdf = await PDFDocument.load(stamped);
    expect(pdf.getKeywords()).toBe(watermarkText(mark));
    expect(pdf.getPageCount()).toBe((await PDFDocument.load(original)).getPageCount());
  });

  it('fails a file that is not a PDF', async () => {
    await expect(
      stampInWorker({ source: new TextEncoder().encode('not a pdf at all'), mark }),
    ).rejects.toThrow(/stamping task-failed/);
  });

  it('stops a stamping past its CPU limit', async () => {
    // 1 ms of CPU: loading, stamping and saving a 19-page PDF takes far more.
    await expect(stampInWorker({ source: await source(), mark }, 1)).rejects.toThrow(
      /stamping timeout/,
    );
  });
});
