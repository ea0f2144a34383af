import { z } from 'zod';
import { ItemTypeCodeSchema } from '../item-types/catalogue';

/**
 * 资料 (issue 21, ADR 0023): study packs and special topics learners buy. Each is made from our own
 * bank: PDFs (with the buyer's id stamped on every page at download) and the bank items it
 * includes. Prices are the server's own list; the order flow (kind `material`) charges them.
 *
 * Paths (JSON in `{ data }` envelopes; errors `{ code, msg }`): `materialPaths`, in
 * `materials-data.ts` (no zod), re-exported here.
 */
export * from './materials-data';

/** topic: 专题 (one subject, e.g. DI 图表); pack: 资料包 (a whole part, several files). */
export const MaterialKindSchema = z
  .enum(['topic', 'pack'])
  .meta({ id: 'MaterialKind', description: '资料类型：topic 专题 / pack 资料包' });
export type MaterialKind = z.infer<typeof MaterialKindSchema>;

export const MaterialIdSchema = z.coerce
  .number({ error: '资料编号格式不对' })
  .int('资料编号格式不对')
  .min(1, '资料编号格式不对')
  .max(999_999, '资料编号格式不对')
  .describe('资料编号');

export const MaterialParamsSchema = z.object({ id: MaterialIdSchema });
export const MaterialFileParamsSchema = z.object({
  id: MaterialIdSchema,
  fileId: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, '文件编号格式不对')
    .describe('文件编号'),
});

export const MaterialSummarySchema = z
  .object({
    id: z.int(),
    kind: MaterialKindSchema,
    title: z.string(),
    subtitle: z.string(),
    /** The price in fen (分). */
    priceFen: z.int(),
    /** The struck-through price, when there is one. */
    listPriceFen: z.int().nullable(),
    tags: z.array(z.string()),
    /** The first page of the first file. */
    coverUrl: z.string(),
    fileCount: z.int(),
    pageCount: z.int(),
    itemCount: z.int(),
    /** Whether the signed-in learner bought it; null signed out. */
    owned: z.boolean().nullable(),
  })
  .meta({ id: 'MaterialSummary' });
export type MaterialSummary = z.infer<typeof MaterialSummarySchema>;

export const MaterialListSchema = z
  .object({ list: z.array(MaterialSummarySchema) })
  .meta({ id: 'MaterialList' });
export type MaterialList = z.infer<typeof MaterialListSchema>;

export const MaterialFileInfoSchema = z.object({
  id: z.string(),
  title: z.string(),
  pages: z.int(),
  bytes: z.int(),
});
export type MaterialFileInfo = z.infer<typeof MaterialFileInfoSchema>;

export const MaterialItemSchema = z.object({
  id: z.string(),
  type: ItemTypeCodeSchema,
  title: z.string(),
});
export type MaterialItem = z.infer<typeof MaterialItemSchema>;

export const MaterialDetailSchema = MaterialSummarySchema.extend({
  description: z.string(),
  /** 你将获得. */
  highlights: z.array(z.string()),
  /** The contents: the files in order, each with its item types. */
  files: z.array(MaterialFileInfoSchema.extend({ types: z.array(ItemTypeCodeSchema) })),
  /** The bank items that come with it (their titles are public; practice them on the exercise page). */
  items: z.array(MaterialItemSchema),
  /** When the signed-in learner bought it. */
  ownedAt: z.iso.datetime().nullable(),
  sampleUrl: z.string(),
  /** How many of the first file's pages the sample shows. */
  samplePages: z.int(),
}).meta({ id: 'MaterialDetail' });
export type MaterialDetail = z.infer<typeof MaterialDetailSchema>;

export const MaterialDownloadLinkSchema = z
  .object({
    /** A path of this site, valid until `expiresAt`, for the buyer's own copy. */
    url: z.string(),
    expiresAt: z.iso.datetime(),
    fileName: z.string(),
  })
  .meta({ id: 'MaterialDownloadLink' });
export type MaterialDownloadLink = z.infer<typeof MaterialDownloadLinkSchema>;

/** What bought 资料 open: bank item types practised without spending a use, and 微课 lessons. */
export const MaterialUnlocksSchema = z
  .object({
    itemTypes: z.array(z.string()),
    lessonIds: z.array(z.string()),
  })
  .meta({ id: 'MaterialUnlocks' });
export type MaterialUnlocks = z.infer<typeof MaterialUnlocksSchema>;
