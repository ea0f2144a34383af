/**
 * The 资料 on sale as the server holds them: content/materials/catalogue.yaml (what each study
 * pack or special topic is, its price, its files and the bank item types it includes) joined with
 * content/materials/manifest.json (each PDF's pages, bytes and hash, written by
 * `npm run content:materials`). Read once per content directory and kept in memory.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ItemTypeCodeSchema, MaterialKindSchema, type ItemTypeCode } from '@ninety/contract';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

export const MATERIALS_DIR = 'materials';
/** Object keys of the catalogue's pictures (copied from content/materials/covers at start). */
export const MATERIAL_COVERS_PREFIX = 'materials/covers';

const FileIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/);

export const CatalogueFileSchema = z.strictObject({
  id: FileIdSchema,
  title: z.string().min(1).max(60),
  /** The bank item types the PDF is made of, in order. */
  types: z.array(ItemTypeCodeSchema).min(1),
  /** A word list of the items' sentences after them (WFD). */
  wordList: z.boolean().optional(),
});
export type CatalogueFile = z.infer<typeof CatalogueFileSchema>;

export const CatalogueMaterialSchema = z.strictObject({
  id: z.int().min(1).max(999_999),
  kind: MaterialKindSchema,
  title: z.string().min(1).max(60),
  subtitle: z.string().min(1).max(120),
  description: z.string().min(1).max(1000),
  /** The price, in fen (分): the only price an order ever charges. */
  priceFen: z.int().min(1).max(10_000_000),
  /** The struck-through price shown beside it, when there is one. */
  listPriceFen: z.int().min(1).max(10_000_000).optional(),
  tags: z.array(z.string().min(1).max(12)).max(6),
  /** 你将获得: what the buyer gets. */
  highlights: z.array(z.string().min(1).max(60)).min(1).max(8),
  /** Every bank item of these types comes with the material. */
  itemTypes: z.array(ItemTypeCodeSchema).min(1),
  /** 微课 lessons (ids in content/courses) that open to the buyer, member lessons included. */
  lessons: z
    .array(z.string().regex(/^[a-z0-9-]{1,40}$/))
    .max(50)
    .default([]),
  files: z.array(CatalogueFileSchema).min(1).max(20),
});
export type CatalogueMaterial = z.infer<typeof CatalogueMaterialSchema>;

export const CatalogueSchema = z
  .strictObject({ version: z.literal(1), materials: z.array(CatalogueMaterialSchema).min(1) })
  .superRefine((catalogue, ctx) => {
    const ids = new Set<number>();
    // A file may come with several materials (the DI topic's file is also the speaking pack's),
    // but an id always names the same file.
    const files = new Map<string, string>();
    catalogue.materials.forEach((material, index) => {
      if (ids.has(material.id)) {
        ctx.addIssue({ code: 'custom', path: ['materials', index, 'id'], message: 'used twice' });
      }
      ids.add(material.id);
      for (const file of material.files) {
        const same = JSON.stringify(file);
        if ((files.get(file.id) ?? same) !== same) {
          ctx.addIssue({
            code: 'custom',
            path: ['materials', index, 'files'],
            message: `${file.id} is described differently elsewhere`,
          });
        }
        files.set(file.id, same);
      }
    });
  });
export type Catalogue = z.infer<typeof CatalogueSchema>;

export const ManifestFileSchema = z.object({
  fingerprint: z.string(),
  pages: z.int().min(1),
  bytes: z.int().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export const ManifestSchema = z.object({
  version: z.literal(1),
  files: z.record(z.string(), ManifestFileSchema),
  /** Material id → the fingerprint of the file its cover was taken from. */
  covers: z.record(z.string(), z.string()),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export interface MaterialFile {
  id: string;
  title: string;
  types: ItemTypeCode[];
  pages: number;
  bytes: number;
  sha256: string;
  /** Where the PDF is on disk. */
  path: string;
}

export interface Material extends Omit<CatalogueMaterial, 'files' | 'itemTypes'> {
  itemTypes: ItemTypeCode[];
  files: MaterialFile[];
  /** Object key of the catalogue's picture (the first file's first page). */
  coverKey: string;
  /** On disk, for the copy into storage. */
  coverPath: string;
}

export async function readCatalogueFile(contentRoot: string): Promise<Catalogue> {
  const file = path.join(contentRoot, MATERIALS_DIR, 'catalogue.yaml');
  return CatalogueSchema.parse(parseYaml(await readFile(file, 'utf8')));
}

/** Reads the catalogue and the manifest; throws when a file was never made. */
export async function loadMaterials(contentRoot: string): Promise<Material[]> {
  const root = path.join(contentRoot, MATERIALS_DIR);
  const catalogue = await readCatalogueFile(contentRoot);
  const manifest = ManifestSchema.parse(
    JSON.parse(await readFile(path.join(root, 'manifest.json'), 'utf8')),
  );
  return catalogue.materials.map((material) => ({
    ...material,
    files: material.files.map((file) => {
      const made = manifest.files[file.id];
      if (!made) throw new Error(`${file.id}.pdf was never made: run npm run content:materials`);
      return {
        id: file.id,
        title: file.title,
        types: file.types,
        pages: made.pages,
        bytes: made.bytes,
        sha256: made.sha256,
        path: path.join(root, 'files', `${file.id}.pdf`),
      };
    }),
    coverKey: `${MATERIAL_COVERS_PREFIX}/${material.id}.jpg`,
    coverPath: path.join(root, 'covers', `${material.id}.jpg`),
  }));
}
