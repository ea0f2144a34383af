import { z } from 'zod';
import {
  ItemTypeCodeSchema,
  itemTypes,
  preparationSeconds,
  SectionSchema,
  type ItemTypeCode,
} from '../item-types/catalogue';
import type { Item } from '../item-types/item-schema';
import { ScoringProfileIdSchema } from '../item-types/scoring-profiles';
import { countWords } from '../item-types/text';
import { PteVersionSchema } from '../item-types/versions';
import { rangeOf, type MockBlueprint } from './blueprint';

/**
 * A mock paper: a blueprint filled with bank items, in order, with each item's timing worked out
 * from the catalogue (and, for RA, the text's length; for audio prompts, the recording's length).
 * The server stores it as it was assembled, so a resumed or re-read paper never changes.
 */

/** What paper assembly needs to know about a bank item: no content, no key. */
export const MockBankEntrySchema = z.object({
  id: z.string().min(1).max(40),
  type: ItemTypeCodeSchema,
  /** Words of the text read aloud; RA's preparation grows with it (catalogue). */
  promptWords: z.int().min(0).optional(),
  /** Length of the prompt recording, for audio prompts. */
  audioSeconds: z.number().min(0).optional(),
});
export type MockBankEntry = z.infer<typeof MockBankEntrySchema>;

/** A bank item as paper assembly sees it. */
export function mockBankEntryOf(item: Item): MockBankEntry {
  const entry: MockBankEntry = { id: item.id, type: item.type };
  if (item.type === 'RA') entry.promptWords = countWords(item.content.text);
  const audio = (item.content as { audio?: { durationSeconds: number } }).audio;
  if (audio) entry.audioSeconds = audio.durationSeconds;
  return entry;
}

export const PaperItemTimingSchema = z
  .object({
    /** `item`: the item has its own clock (`itemSeconds`); `section`: the part's timer runs. */
    timer: z.enum(['item', 'section']),
    /** Countdown before the prompt audio starts by itself; null without audio. */
    audioDelaySeconds: z.number().min(0).nullable(),
    /** Length of the prompt audio; null without audio. */
    audioSeconds: z.number().min(0).nullable(),
    preparationSeconds: z.int().min(0),
    /** Recording or writing limit; null for section-timed types. */
    answerSeconds: z.int().min(0).nullable(),
    /**
     * The whole time the item may take on its own clock: audio delay + audio + preparation +
     * answer. The server's clock for the item; null for section-timed items.
     */
    itemSeconds: z.number().min(0).nullable(),
  })
  .meta({ id: 'PaperItemTiming', description: '单题计时（由题型目录与题目本身推出）' });
export type PaperItemTiming = z.infer<typeof PaperItemTimingSchema>;

/** The timing of one item in a paper, from the catalogue and the item's own text and audio. */
export function paperItemTiming(entry: MockBankEntry): PaperItemTiming {
  const info = itemTypes[entry.type];
  const audio = info.audio;
  const audioSeconds = audio ? (entry.audioSeconds ?? null) : null;
  const audioDelaySeconds = audio ? audio.autoStartDelaySeconds : null;
  // RA without a word count gets the longest preparation rather than too little.
  const preparation = preparationSeconds(
    entry.type,
    entry.type === 'RA' ? (entry.promptWords ?? Number.MAX_SAFE_INTEGER) : undefined,
  );
  const answerSeconds = info.timing.answerSeconds;
  const itemSeconds =
    info.timing.timer === 'item'
      ? round1((audioDelaySeconds ?? 0) + (audioSeconds ?? 0) + preparation + (answerSeconds ?? 0))
      : null;
  return {
    timer: info.timing.timer,
    audioDelaySeconds,
    audioSeconds,
    preparationSeconds: preparation,
    answerSeconds,
    itemSeconds,
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export const PaperItemSchema = z
  .object({
    /** 0-based position in the whole paper. */
    index: z.int().min(0),
    itemId: z.string(),
    type: ItemTypeCodeSchema,
    timing: PaperItemTimingSchema,
  })
  .meta({ id: 'PaperItem', description: '试卷中的一道题' });
export type PaperItem = z.infer<typeof PaperItemSchema>;

export const PaperPartSchema = z
  .object({
    id: z.string(),
    section: SectionSchema,
    titleEn: z.string(),
    titleZh: z.string(),
    /** The part's shared timer for its section-timed items; null when every item has its own clock. */
    sectionSeconds: z.int().min(0).nullable(),
    items: z.array(PaperItemSchema),
  })
  .meta({ id: 'PaperPart', description: '试卷的一个部分' });
export type PaperPart = z.infer<typeof PaperPartSchema>;

export const MockPaperSchema = z
  .object({
    blueprintId: z.string(),
    blueprintVersion: z.int().min(1),
    pteVersion: PteVersionSchema,
    /** The profile the paper's items are scored with (the format version's). */
    scoringProfileId: ScoringProfileIdSchema,
    /** The seed the assembly used; the same seed, bank and history give the same paper. */
    seed: z.string(),
    /** The operator paper (content/mock/papers/) that fixed some or all items, or null. */
    operatorPaperId: z.string().nullable(),
    parts: z.array(PaperPartSchema),
    itemCount: z.int().min(0),
    /** The longest the paper can take: section timers plus every item clock. */
    maxSeconds: z.number().min(0),
  })
  .meta({ id: 'MockPaper', description: '一份组好的模考试卷' });
export type MockPaper = z.infer<typeof MockPaperSchema>;

/**
 * An operator's paper (`content/mock/papers/<id>.yaml`): the items of some or all types of a
 * blueprint, chosen by hand. Types it lists are used exactly as listed, in that order; the others
 * are filled by the seeded assembly.
 */
export const OperatorPaperSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case'),
    blueprint: z.string().min(1),
    titleZh: z.string().trim().min(1).max(60),
    items: z.partialRecord(ItemTypeCodeSchema, z.array(z.string().min(1)).min(1)),
  })
  .meta({ id: 'OperatorPaper', description: '运营指定的试卷（按题型列出题目 id）' });
export type OperatorPaper = z.infer<typeof OperatorPaperSchema>;

/**
 * A typical prompt recording of a type, for estimating a blueprint's length before any item is
 * chosen: the middle of the catalogue's range. RTS has none (the situation is read aloud): its
 * text is at most 60 words, about 25 s at a normal rate.
 */
function typicalAudioSeconds(type: ItemTypeCode): number | undefined {
  const audio = itemTypes[type].audio;
  if (!audio) return undefined;
  if (!audio.lengthSeconds) return 25;
  const { min, max } = audio.lengthSeconds;
  return min === undefined ? max * 0.75 : (min + max) / 2;
}

/**
 * How long a paper of the blueprint takes at most, in seconds: the section timers plus every
 * item's own clock, with typical audio lengths and RA's longest preparation. For the blueprint's
 * stated length (a mini mock of about 30 minutes) and the learner's "about N minutes".
 */
export function estimateBlueprintSeconds(blueprint: MockBlueprint): number {
  let total = 0;
  for (const part of blueprint.parts) {
    total += (part.sectionMinutes ?? 0) * 60;
    for (const slot of part.slots) {
      const timing = paperItemTiming({
        id: 'estimate',
        type: slot.type,
        audioSeconds: typicalAudioSeconds(slot.type),
      });
      total += (timing.itemSeconds ?? 0) * rangeOf(slot, blueprint.pteVersion).chosen;
    }
  }
  return Math.round(total);
}
