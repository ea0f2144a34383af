import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../envelope';
import { TopicSchema } from '../item-types/topics';

/**
 * 精听 materials (issue 20): every bank listening item with audio, and the longer original
 * passages of content/listening, cut into sentences whose times come from our own forced
 * alignment (WebVTT cues stored with the material). The API walk-through is docs/listening.md.
 */

/** The bank types whose recording becomes a material (every listening and speaking prompt). */
export const LISTENING_ITEM_TYPES = [
  'RS',
  'RL',
  'ASQ',
  'SGD',
  'RTS',
  'SST',
  'LMCM',
  'LFIB',
  'HCS',
  'LMCS',
  'SMW',
  'HIW',
  'WFD',
] as const;

/** Where a material comes from: a bank item's type, or an original longer passage. */
export const ListeningSourceSchema = z.enum([...LISTENING_ITEM_TYPES, 'passage']).meta({
  id: 'ListeningSource',
  description: '材料来源：题库题型代码，或 passage（长篇讲座/讨论）',
});
export type ListeningSource = z.infer<typeof ListeningSourceSchema>;

/** Length buckets of the list filter, by the recording's duration. */
export const LISTENING_LENGTHS = {
  /** under 15 s (a WFD, an ASQ, an RS) */
  short: { minSeconds: 0, maxSeconds: 15 },
  /** 15 s to under 60 s */
  medium: { minSeconds: 15, maxSeconds: 60 },
  /** 60 s and longer (lectures, discussions, SST) */
  long: { minSeconds: 60, maxSeconds: Number.POSITIVE_INFINITY },
} as const;
export const ListeningLengthSchema = z.enum(['short', 'medium', 'long']);
export type ListeningLength = z.infer<typeof ListeningLengthSchema>;

/** not_started: no sentence tried; in_progress: some; done: every sentence tried in some mode. */
export const ListeningStatusSchema = z
  .enum(['not_started', 'in_progress', 'done'])
  .meta({ id: 'ListeningStatus', description: '学习进度：未开始 / 进行中 / 已完成' });
export type ListeningStatus = z.infer<typeof ListeningStatusSchema>;

export const ListeningModeSchema = z
  .enum(['dictation', 'shadowing'])
  .meta({ id: 'ListeningMode', description: '练习模式：听写 / 跟读' });
export type ListeningMode = z.infer<typeof ListeningModeSchema>;

/** Material ids: the bank item's id (`wfd-0001`) or a passage's (`lp-0001`). */
export const ListeningMaterialIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, '材料编号格式不对')
  .describe('材料编号：题库题目 id 或长篇材料 id（lp-0001）');

export const ListeningMaterialParamsSchema = z.object({ materialId: ListeningMaterialIdSchema });

export const ListeningListQuerySchema = PageQuerySchema.extend({
  source: ListeningSourceSchema.optional().describe('来源：题型代码或 passage'),
  topic: TopicSchema.optional().describe('话题'),
  length: ListeningLengthSchema.optional().describe(
    '时长：short <15 秒，medium 15–60 秒，long ≥60 秒',
  ),
  difficulty: z.coerce.number().int().min(1).max(5).optional().describe('难度 1–5'),
  progress: ListeningStatusSchema.optional().describe('学习进度（需登录）'),
  keyword: z.string().trim().max(100).optional().describe('在标题与原文中搜索'),
});
export type ListeningListQuery = z.infer<typeof ListeningListQuerySchema>;

/** The signed-in learner's progress on a material, in the list and the details. */
export const ListeningProgressSummarySchema = z.object({
  status: ListeningStatusSchema,
  /** Sentences tried in at least one mode. */
  doneSentences: z.int().min(0),
  /** The sentence to continue from (0-based). */
  position: z.int().min(0),
  mode: ListeningModeSchema,
  updatedAt: z.iso.datetime().nullable(),
});
export type ListeningProgressSummary = z.infer<typeof ListeningProgressSummarySchema>;

export const ListeningMaterialSummarySchema = z
  .object({
    id: ListeningMaterialIdSchema,
    title: z.string(),
    source: ListeningSourceSchema,
    /** The bank item the material was made from (open it in practice); null for a passage. */
    itemId: z.string().nullable(),
    topics: z.array(TopicSchema),
    durationSeconds: z.number().min(0),
    difficulty: z.int().min(1).max(5),
    sentenceCount: z.int().min(1),
    /** Distinct speakers (a discussion has 2–3). */
    speakerCount: z.int().min(1),
    /** Null when signed out. */
    progress: ListeningProgressSummarySchema.nullable(),
  })
  .meta({ id: 'ListeningMaterialSummary', description: '精听材料列表项' });
export type ListeningMaterialSummary = z.infer<typeof ListeningMaterialSummarySchema>;

export const ListeningMaterialListSchema = pageOf(ListeningMaterialSummarySchema).meta({
  id: 'ListeningMaterialList',
  description: '精听材料列表',
});
export type ListeningMaterialList = z.infer<typeof ListeningMaterialListSchema>;

/** One sentence: its cue in the recording (seconds), its words and their translation. */
export const ListeningSentenceSchema = z
  .object({
    index: z.int().min(0),
    /** Cue start and end in seconds (3 decimals), from forced alignment, not padded. */
    start: z.number().min(0),
    end: z.number().min(0),
    text: z.string(),
    /** Who speaks it (A, B, C) in a discussion; null in a monologue. */
    speaker: z.string().nullable(),
    /** Chinese translation written with the material; null when the material has none. */
    translationZh: z.string().nullable(),
  })
  .meta({ id: 'ListeningSentence', description: '一句：起止时间（秒）、原文、译文' });
export type ListeningSentence = z.infer<typeof ListeningSentenceSchema>;

/** Per-sentence outcome saved on the server (last try of each mode). */
export const ListeningSentenceScoreSchema = z.object({
  index: z.int().min(0),
  dictation: z
    .object({ score: z.int().min(0), max: z.int().min(0), at: z.iso.datetime() })
    .nullable(),
  shadowing: z
    .object({ score: z.int().min(0), max: z.int().min(0), at: z.iso.datetime() })
    .nullable(),
});
export type ListeningSentenceScore = z.infer<typeof ListeningSentenceScoreSchema>;

export const ListeningProgressSchema = ListeningProgressSummarySchema.extend({
  materialId: ListeningMaterialIdSchema,
  /** Only the sentences tried so far, by index. */
  sentences: z.array(ListeningSentenceScoreSchema),
}).meta({ id: 'ListeningProgress', description: '本人的精听进度（位置、模式、逐句得分）' });
export type ListeningProgress = z.infer<typeof ListeningProgressSchema>;

export const ListeningMaterialDetailSchema = ListeningMaterialSummarySchema.omit({
  progress: true,
})
  .extend({
    /** The whole recording (MP3). */
    audioUrl: z.string(),
    /** The same cues as WebVTT (`text/vtt`), for a <track> element. */
    vttUrl: z.string(),
    sentences: z.array(ListeningSentenceSchema),
    /** Null when signed out. */
    progress: ListeningProgressSchema.nullable(),
  })
  .meta({ id: 'ListeningMaterialDetail', description: '精听材料详情：音频、逐句时间轴与译文' });
export type ListeningMaterialDetail = z.infer<typeof ListeningMaterialDetailSchema>;
