import { z } from 'zod';
import { PageQuerySchema, pageOf } from './envelope';

/**
 * Word look-up (spec §4 "a word click emits a word-lookup event", §5 "word lookup applies only to
 * tokens starting with a letter or digit") and the learner's word book (生词本).
 */

/** Longest token the look-up accepts: longer than any dictionary headword we serve. */
export const LOOKUP_WORD_MAX = 48;

/**
 * Spec §5: a look-up token starts with a letter or digit. Inside a token only letters, digits,
 * apostrophes, hyphens and dots may follow ("don't", "well-being", "U.S."), so the server never
 * sees punctuation around a word or several words at once.
 */
export const LOOKUP_WORD_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}'’.-]*$/u;

/** Whether a token of a reading text can be looked up (spec §5); the client and server share it. */
export function isLookupWord(token: string): boolean {
  return token.length <= LOOKUP_WORD_MAX && LOOKUP_WORD_PATTERN.test(token);
}

const lookupWord = () =>
  z
    .string()
    .trim()
    .min(1, '请输入要查询的单词')
    .max(LOOKUP_WORD_MAX, `单词不能超过 ${LOOKUP_WORD_MAX} 个字符`)
    .regex(LOOKUP_WORD_PATTERN, '只能查询以字母或数字开头的单词');

// No schema id: a querystring must stay inline for the OpenAPI generator to list its fields.
export const DictionaryLookupQuerySchema = z.object({
  word: lookupWord().describe('要查的单词（以字母或数字开头）'),
});
export type DictionaryLookupQuery = z.infer<typeof DictionaryLookupQuerySchema>;

/** Parts of speech of the English definitions (WordNet's n / v / a+s / r). */
export const PARTS_OF_SPEECH = ['noun', 'verb', 'adjective', 'adverb', 'other'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export const DictionaryEntrySchema = z
  .object({
    word: z.string().describe('词条（原形）'),
    query: z.string().describe('查询的单词（小写）'),
    inflection: z
      .object({ form: z.string(), of: z.string(), kinds: z.array(z.string()) })
      .nullable()
      .describe('查询的是词形变化时：form 是 of 的哪几种变化（如 过去式、复数）'),
    phonetics: z
      .object({
        uk: z.string().nullable().describe('英式音标（IPA，ECDICT）'),
        us: z.string().nullable().describe('美式音标（IPA，由 CMU 发音词典换写）'),
      })
      .describe('音标，不含两侧斜线'),
    glosses: z
      .array(
        z.object({ pos: z.string().nullable().describe('词性缩写，如 n. vt.'), text: z.string() }),
      )
      .describe('中文释义（ECDICT）；为空表示词典没有中文释义'),
    definitions: z
      .array(
        z.object({
          pos: z.enum(PARTS_OF_SPEECH),
          senses: z.array(z.string()).min(1),
        }),
      )
      .describe('英文释义，按词性分组（ECDICT 所收 WordNet 释义）'),
    tags: z.array(z.string()).describe('考试词表标签，如 CET-4、雅思'),
    isSaved: z.boolean().nullable().describe('是否已在生词本中；未登录为 null'),
  })
  .meta({ id: 'DictionaryEntry', description: '查词结果' });
export type DictionaryEntry = z.infer<typeof DictionaryEntrySchema>;

/** My words (生词本). */
export const AddWordBodySchema = z
  .object({
    word: lookupWord().describe('要加入生词本的单词'),
  })
  .meta({ id: 'AddWordBody', description: '加入生词本' });
export type AddWordBody = z.infer<typeof AddWordBodySchema>;

export const RemoveWordBodySchema = z
  .object({ word: lookupWord().describe('要移出生词本的单词') })
  .meta({ id: 'RemoveWordBody', description: '移出生词本' });
export type RemoveWordBody = z.infer<typeof RemoveWordBodySchema>;

export const WordBookEntrySchema = z
  .object({
    word: z.string().describe('单词（小写原形）'),
    phonetic: z.string().nullable().describe('音标（英式优先）'),
    gloss: z.string().nullable().describe('中文释义摘要'),
    addedAt: z.string().describe('加入时间（ISO 8601）'),
  })
  .meta({ id: 'WordBookEntry', description: '生词本中的一个单词' });
export type WordBookEntry = z.infer<typeof WordBookEntrySchema>;

export const WordBookListSchema = pageOf(WordBookEntrySchema).meta({ id: 'WordBookList' });
export type WordBookList = z.infer<typeof WordBookListSchema>;

export const WordBookQuerySchema = PageQuerySchema;
export type WordBookQuery = z.infer<typeof WordBookQuerySchema>;

export const WordBookChangeSchema = z
  .object({ word: z.string(), isSaved: z.boolean().describe('操作后是否在生词本中') })
  .meta({ id: 'WordBookChange' });
export type WordBookChange = z.infer<typeof WordBookChangeSchema>;
