import { z } from 'zod';
import { ItemTypeCodeSchema, type ItemTypeCode } from './catalogue';
import { checkUnique, refineWith, text, type Report } from './content-common';
import { checkHiwItem, checkLfibItem } from './content-listening';
import { checkChoiceItem, checkRfibItem, checkRoItem, checkRwfibItem } from './content-reading';
import { answerKeySchemas, contentSchemas } from './content-schemas';
import { isIsoWeek } from './text';
import { TopicSchema } from './topics';

/**
 * A bank item: the common fields (`ItemBaseSchema`) plus the type's `content` and `key`. One data
 * file holds one item; `parseItem` validates it and lists every problem with its field path.
 */

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const itemBaseShape = {
  id: z
    .string()
    .regex(KEBAB_CASE, 'must be kebab-case, e.g. ra-0001')
    .describe('题目编号：小写题型代码-序号，如 ra-0001'),
  title: text().max(120).describe('题目标题'),
  difficulty: z.int().min(1).max(5).describe('难度 1–5'),
  topics: z.array(TopicSchema).min(1).describe('话题标签'),
  explanationZh: text()
    .regex(/\p{Script=Han}/u, 'must be written in Chinese')
    .describe('中文解析'),
  updatedAt: z.iso.date().describe('最近更新日期 YYYY-MM-DD'),
  highFrequencyWeeks: z
    .array(z.string().refine(isIsoWeek, 'must be an ISO week such as 2026-W47'))
    .describe('被列为高频题的 ISO 周，如 2026-W47'),
  source: z.literal('original').describe('来源：本产品原创'),
};

type ItemBaseFields = z.infer<z.ZodObject<typeof itemBaseShape>> & { type: ItemTypeCode };

function checkBase(item: ItemBaseFields, report: Report) {
  // The id starts with the type code, so a file copied from another type is caught at once.
  const prefix = `${item.type.toLowerCase()}-`;
  if (!item.id.startsWith(prefix))
    report(['id'], `must start with "${prefix}" for a ${item.type} item`);
  checkUnique(item.topics, ['topics'], 'topic', report);
  checkUnique(item.highFrequencyWeeks, ['highFrequencyWeeks'], 'week', report);
}

/** The fields every item has, whatever its type. */
export const ItemBaseSchema = z
  .strictObject({ ...itemBaseShape, type: ItemTypeCodeSchema })
  .superRefine(refineWith(checkBase))
  .meta({ id: 'ItemBase', description: '题目公共字段' });
export type ItemBase = z.infer<typeof ItemBaseSchema>;

function defineItem<
  C extends ItemTypeCode,
  Content extends (typeof contentSchemas)[C],
  Key extends (typeof answerKeySchemas)[C],
>(
  type: C,
  content: Content,
  key: Key,
  check?: (item: { content: z.output<Content>; key: z.output<Key> }, report: Report) => void,
) {
  type Value = ItemBaseFields & { content: z.output<Content>; key: z.output<Key> };
  return z
    .strictObject({ ...itemBaseShape, type: z.literal(type), content, key })
    .superRefine((item, ctx) =>
      // Inside this generic function TypeScript cannot resolve zod's inferred object type, which
      // at run time is exactly `Value`.
      refineWith((value: Value, report: Report) => {
        checkBase(value, report);
        check?.(value, report);
      })(item as unknown as Value, ctx),
    );
}

export const PiItemSchema = defineItem('PI', contentSchemas.PI, answerKeySchemas.PI);
export const RaItemSchema = defineItem('RA', contentSchemas.RA, answerKeySchemas.RA);
export const RsItemSchema = defineItem('RS', contentSchemas.RS, answerKeySchemas.RS);
export const DiItemSchema = defineItem('DI', contentSchemas.DI, answerKeySchemas.DI);
export const RlItemSchema = defineItem('RL', contentSchemas.RL, answerKeySchemas.RL);
export const AsqItemSchema = defineItem('ASQ', contentSchemas.ASQ, answerKeySchemas.ASQ);
export const RtsItemSchema = defineItem('RTS', contentSchemas.RTS, answerKeySchemas.RTS);
export const SgdItemSchema = defineItem('SGD', contentSchemas.SGD, answerKeySchemas.SGD);
export const SwtItemSchema = defineItem('SWT', contentSchemas.SWT, answerKeySchemas.SWT);
export const WeItemSchema = defineItem('WE', contentSchemas.WE, answerKeySchemas.WE);
export const RwfibItemSchema = defineItem(
  'RWFIB',
  contentSchemas.RWFIB,
  answerKeySchemas.RWFIB,
  checkRwfibItem,
);
export const RmcmItemSchema = defineItem(
  'RMCM',
  contentSchemas.RMCM,
  answerKeySchemas.RMCM,
  checkChoiceItem('RMCM'),
);
export const RoItemSchema = defineItem('RO', contentSchemas.RO, answerKeySchemas.RO, checkRoItem);
export const RfibItemSchema = defineItem(
  'RFIB',
  contentSchemas.RFIB,
  answerKeySchemas.RFIB,
  checkRfibItem,
);
export const RmcsItemSchema = defineItem(
  'RMCS',
  contentSchemas.RMCS,
  answerKeySchemas.RMCS,
  checkChoiceItem('RMCS'),
);
export const SstItemSchema = defineItem('SST', contentSchemas.SST, answerKeySchemas.SST);
export const LmcmItemSchema = defineItem(
  'LMCM',
  contentSchemas.LMCM,
  answerKeySchemas.LMCM,
  checkChoiceItem('LMCM'),
);
export const LfibItemSchema = defineItem(
  'LFIB',
  contentSchemas.LFIB,
  answerKeySchemas.LFIB,
  checkLfibItem,
);
export const HcsItemSchema = defineItem(
  'HCS',
  contentSchemas.HCS,
  answerKeySchemas.HCS,
  checkChoiceItem('HCS'),
);
export const LmcsItemSchema = defineItem(
  'LMCS',
  contentSchemas.LMCS,
  answerKeySchemas.LMCS,
  checkChoiceItem('LMCS'),
);
export const SmwItemSchema = defineItem(
  'SMW',
  contentSchemas.SMW,
  answerKeySchemas.SMW,
  checkChoiceItem('SMW'),
);
export const HiwItemSchema = defineItem(
  'HIW',
  contentSchemas.HIW,
  answerKeySchemas.HIW,
  checkHiwItem,
);
export const WfdItemSchema = defineItem('WFD', contentSchemas.WFD, answerKeySchemas.WFD);

/** The item schema of each type. */
export const itemSchemas = {
  PI: PiItemSchema,
  RA: RaItemSchema,
  RS: RsItemSchema,
  DI: DiItemSchema,
  RL: RlItemSchema,
  ASQ: AsqItemSchema,
  RTS: RtsItemSchema,
  SGD: SgdItemSchema,
  SWT: SwtItemSchema,
  WE: WeItemSchema,
  RWFIB: RwfibItemSchema,
  RMCM: RmcmItemSchema,
  RO: RoItemSchema,
  RFIB: RfibItemSchema,
  RMCS: RmcsItemSchema,
  SST: SstItemSchema,
  LMCM: LmcmItemSchema,
  LFIB: LfibItemSchema,
  HCS: HcsItemSchema,
  LMCS: LmcsItemSchema,
  SMW: SmwItemSchema,
  HIW: HiwItemSchema,
  WFD: WfdItemSchema,
} as const satisfies Record<ItemTypeCode, z.ZodType>;

/** Any bank item, told apart by `type`. */
export const ItemSchema = z
  .discriminatedUnion('type', [
    PiItemSchema,
    RaItemSchema,
    RsItemSchema,
    DiItemSchema,
    RlItemSchema,
    AsqItemSchema,
    RtsItemSchema,
    SgdItemSchema,
    SwtItemSchema,
    WeItemSchema,
    RwfibItemSchema,
    RmcmItemSchema,
    RoItemSchema,
    RfibItemSchema,
    RmcsItemSchema,
    SstItemSchema,
    LmcmItemSchema,
    LfibItemSchema,
    HcsItemSchema,
    LmcsItemSchema,
    SmwItemSchema,
    HiwItemSchema,
    WfdItemSchema,
  ])
  .meta({ id: 'Item', description: '题库题目（按题型区分 content 与 key 的结构）' });
export type Item = z.infer<typeof ItemSchema>;
/** The item of one type, e.g. `ItemOf<'WFD'>`. */
export type ItemOf<C extends ItemTypeCode> = Extract<Item, { type: C }>;

/** A problem found in an item file: where (`key.answers[2].answer`) and what. */
export interface ItemProblem {
  path: string;
  message: string;
}

export type ParseItemResult = { ok: true; item: Item } | { ok: false; problems: ItemProblem[] };

/** Writes a zod path as authors read it: `key.answers[2].answer`; the item itself is `(item)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out || '(item)';
}

/** Validates one item file's data. */
export function parseItem(data: unknown): ParseItemResult {
  const result = ItemSchema.safeParse(data);
  if (result.success) return { ok: true, item: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: formatPath(issue.path),
      message: issue.message,
    })),
  };
}

/** One line per problem, `path: message`, for the content import's terminal output. */
export function formatItemProblems(problems: readonly ItemProblem[]): string {
  return problems.map((problem) => `${problem.path}: ${problem.message}`).join('\n');
}
