import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app';
import { loadCourseCatalogue } from '../courses/courses-catalogue';
import { MATERIALS_DIR, loadMaterials, readCatalogueFile } from './materials-catalogue';

/**
 * The committed 资料 content: every file the catalogue names was made by `npm run
 * content:materials` from the current catalogue (the manifest's hash is the file's), is a PDF
 * with the pages the manifest says, and every material has its cover; nothing is left over.
 */
const contentRoot = testConfig().CONTENT_DIR;
const root = path.join(contentRoot, MATERIALS_DIR);

describe('content/materials', () => {
  it('holds every file of the catalogue, as the manifest describes it', async () => {
    const materials = await loadMaterials(contentRoot);
    const fileIds = new Set<string>();
    for (const material of materials) {
      expect(material.coverPath, `${material.id}`).toMatch(/\.jpg$/);
      const cover = await readFile(material.coverPath);
      expect(cover.subarray(0, 3).toString('hex'), `cover of ${material.id}`).toBe('ffd8ff');
      for (const file of material.files) {
        if (fileIds.has(file.id)) continue;
        fileIds.add(file.id);
        const bytes = await readFile(file.path);
        expect(createHash('sha256').update(bytes).digest('hex'), file.id).toBe(file.sha256);
        expect(bytes.length, file.id).toBe(file.bytes);
        const pdf = await PDFDocument.load(bytes);
        expect(pdf.getPageCount(), file.id).toBe(file.pages);
        expect(pdf.getTitle(), file.id).toBe(file.title);
      }
    }
    const onDisk = (await readdir(path.join(root, 'files'))).sort();
    expect(onDisk).toEqual([...fileIds].map((id) => `${id}.pdf`).sort());
  });

  it('prices every material in whole fen, the list price above the price', async () => {
    const catalogue = await readCatalogueFile(contentRoot);
    for (const material of catalogue.materials) {
      if (material.listPriceFen !== undefined) {
        expect(material.listPriceFen, `${material.id}`).toBeGreaterThan(material.priceFen);
      }
    }
  });

  it('includes only lessons that exist, and at least one pack includes items and lessons', async () => {
    const catalogue = await readCatalogueFile(contentRoot);
    const lessons = new Set((await loadCourseCatalogue(contentRoot)).lessons.map((l) => l.id));
    for (const material of catalogue.materials) {
      for (const id of material.lessons)
        expect(lessons.has(id), `${material.id}: ${id}`).toBe(true);
    }
    expect(
      catalogue.materials.some(
        (m) => m.kind === 'pack' && m.itemTypes.length > 0 && m.lessons.length > 0,
      ),
    ).toBe(true);
  });
});
