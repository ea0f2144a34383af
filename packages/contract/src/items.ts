import { z } from 'zod';
import { PageQuerySchema, pageOf } from './envelope';
import { ItemTypeCodeSchema, SkillSchema } from './item-types/catalogue';
import { FAVORITE_ANY, FAVORITE_LABELS, FUZZY_PAGE_SIZE, SEARCH_COUNT_CAP } from './items-data';

export * from './items-data';

/**
 * The question bank's calls: the list with the filters of spec §3, fuzzy search, the bank's tree
 * and one item for the exercise page.
 */

/** A query value `0`/`1`/… sent as text; coerced, then checked against the allowed values. */
const codeOf = <const T extends readonly number[]>(values: T, fallback: T[number]) =>
  z.coerce
    .number()
    .int()
    .refine((value): value is T[number] => values.includes(value), {
      message: `只能是 ${values.join('、')} 之一`,
    })
    .default(fallback);

/** A favourite-colour filter in a query: '' (no filter), -1 (any favourite) or one colour 1–4. */
export const favoriteFilter = () =>
  z
    .union([
      z.literal(''),
      z.coerce
        .number()
        .int()
        .min(FAVORITE_ANY)
        .max(FAVORITE_LABELS.length)
        .refine((value) => value !== 0, '收藏颜色应为 -1 或 1–4'),
    ])
    .optional();

export const ItemListQuerySchema = PageQuerySchema.extend({
  code: ItemTypeCodeSchema.optional().describe('题型代码，如 RA'),
  updTopic: codeOf([0, 1], 0).describe('0 全部，1 近七天新增或更新'),
  isFull: codeOf([0, 1, 2], 0).describe('0 不限，1 完整，2 不完整'),
  practiceStatus: codeOf([0, 1, 2], 0).describe('0 全部，1 已练，2 未练（需登录）'),
  type: codeOf([1, 4, 5], 1).describe('1 高频与非高频，4 高频，5 非高频'),
  color: favoriteFilter().describe('空 全部，-1 全部收藏，1 红 2 黄 3 绿 4 蓝（需登录）'),
  hotSort: codeOf([0, 1, 2], 0).describe('0 默认（题号），1 练习次数降序，2 升序'),
  isReal: codeOf([0, 1], 0).describe('1 只看上过高频榜的题'),
  keyword: z.string().trim().max(100).optional().describe('在标题与题目文本中搜索'),
});
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;

export const ItemSummarySchema = z
  .object({
    id: z.string(),
    type: ItemTypeCodeSchema,
    number: z.int().describe('题号'),
    title: z.string(),
    difficulty: z.int(),
    topics: z.array(z.string()),
    updatedAt: z.string().describe('YYYY-MM-DD'),
    isNew: z.boolean().describe('近七天新增或更新'),
    isHighFrequency: z.boolean().describe('在当前一期高频榜上'),
    isFull: z.boolean(),
    practiceCount: z.int().describe('全部用户的练习次数'),
    practised: z.boolean().nullable().describe('当前用户是否练过；未登录为 null'),
    practisedCount: z.int().nullable().describe('当前用户练习次数；未登录为 null'),
    color: z.int().nullable().describe('当前用户收藏颜色 1–4，未收藏或未登录为 null'),
  })
  .meta({ id: 'ItemSummary', description: '题目列表项' });
export type ItemSummary = z.infer<typeof ItemSummarySchema>;

export const ItemListSchema = pageOf(ItemSummarySchema).extend({
  week: z.string().nullable().describe('高频标记所依据的一期（ISO 周）'),
});
export type ItemList = z.infer<typeof ItemListSchema>;

export const FuzzyQuerySchema = z.object({
  content: z.string().trim().min(1).max(100).describe('搜索词'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(FUZZY_PAGE_SIZE).default(FUZZY_PAGE_SIZE),
  isReal: codeOf([0, 1], 0).describe('1 只看上过高频榜的题'),
  termId: ItemTypeCodeSchema.optional().describe('限定题型'),
});
export type FuzzyQuery = z.infer<typeof FuzzyQuerySchema>;

export const FuzzyHitSchema = z
  .object({
    id: z.string(),
    type: ItemTypeCodeSchema,
    typeNameZh: z.string(),
    number: z.int(),
    title: z.string(),
    snippet: z.string().describe('题目中可见文字的片段'),
  })
  .meta({ id: 'FuzzyHit', description: '搜索结果' });
export type FuzzyHit = z.infer<typeof FuzzyHitSchema>;
export const FuzzyResultSchema = pageOf(FuzzyHitSchema).extend({
  totalCapped: z
    .boolean()
    .describe(`匹配超过 ${SEARCH_COUNT_CAP} 条时为 true，此时 total 为 ${SEARCH_COUNT_CAP}`),
});
export type FuzzyResult = z.infer<typeof FuzzyResultSchema>;

export const HierarchyTypeSchema = z.object({
  code: ItemTypeCodeSchema,
  total: z.int(),
  highFrequency: z.int().describe('当前一期高频题数'),
  recent: z.int().describe('近七天新增或更新'),
  practised: z.int().nullable().describe('当前用户练过的题数；未登录为 null'),
});
export const HierarchySchema = z
  .object({
    week: z.string().nullable().describe('当前一期高频榜（ISO 周）'),
    sections: z.array(
      z.object({
        area: SkillSchema.describe('题库分区：口语 / 写作 / 阅读 / 听力'),
        types: z.array(HierarchyTypeSchema),
      }),
    ),
  })
  .meta({ id: 'Hierarchy', description: '题库目录：分区 → 题型，含题数与进度' });
export type Hierarchy = z.infer<typeof HierarchySchema>;
export type HierarchyType = z.infer<typeof HierarchyTypeSchema>;

export const HighFrequencyQuerySchema = z.object({
  week: z
    .string()
    .regex(/^\d{4}-W\d{2}$/, '须为 ISO 周，如 2026-W47')
    .optional()
    .describe('不填为当前一期'),
});
export const HighFrequencySchema = z
  .object({
    week: z.string().nullable().describe('本页显示的一期'),
    currentWeek: z.string().describe('今天所在的 ISO 周'),
    weeks: z.array(z.string()).describe('已发布的各期，新的在前'),
    groups: z.array(z.object({ code: ItemTypeCodeSchema, items: z.array(ItemSummarySchema) })),
  })
  .meta({ id: 'HighFrequency', description: '每周高频题，按题型分组' });
export type HighFrequency = z.infer<typeof HighFrequencySchema>;

export const ItemIdQuerySchema = z.object({
  id: z
    .string()
    .regex(/^[a-z]+-\d{1,8}$/, '题目编号格式不对')
    .describe('题目编号，如 ra-0001'),
});

/**
 * One item as the exercise page receives it: the content with media as URLs, no answer key.
 * `content` follows the type's content schema.
 */
export const ItemDetailSchema = ItemSummarySchema.extend({
  content: z.record(z.string(), z.unknown()),
}).meta({ id: 'ItemDetail', description: '练习页题目（不含答案）' });
export type ItemDetail = z.infer<typeof ItemDetailSchema>;

export const ItemAnswerSchema = z
  .object({
    id: z.string(),
    key: z.record(z.string(), z.unknown()).describe('答案，结构随题型'),
    explanationZh: z.string(),
  })
  .meta({ id: 'ItemAnswer', description: '答案与解析' });
export type ItemAnswer = z.infer<typeof ItemAnswerSchema>;
