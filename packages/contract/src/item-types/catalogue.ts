import { z } from 'zod';
import {
  itemTypeCodeValues,
  promptKindValues,
  responseKindValues,
  sectionValues,
  skillValues,
} from './catalogue-data';

/**
 * The catalogue of PTE Academic item types: the one place that says what each type is, how it is
 * timed and what its prompt and answer look like. The facts are plain constants in
 * `catalogue-data.ts` (no zod, for clients that only show names and timings); this module adds the
 * schemas built from them and re-exports the data, so `@ninety/contract` exports both as before.
 */
export * from './catalogue-data';

export const ItemTypeCodeSchema = z
  .enum(itemTypeCodeValues)
  .meta({ id: 'ItemTypeCode', description: '题型代码，如 RA、WFD（路由参数 typeCode）' });

export const SectionSchema = z
  .enum(sectionValues)
  .meta({ id: 'Section', description: '考试部分：口语写作 / 阅读 / 听力' });

export const SkillSchema = z
  .enum(skillValues)
  .meta({ id: 'Skill', description: '单项技能：口语 / 写作 / 阅读 / 听力' });

export const PromptKindSchema = z.enum(promptKindValues);

export const ResponseKindSchema = z.enum(responseKindValues);
