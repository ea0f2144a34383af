import { z } from 'zod';
import {
  ItemTypeCodeSchema,
  itemTypes,
  MOCK_EXAM_FORMAT,
  SectionSchema,
  type CountRange,
  type ItemTypeCode,
  type Section,
} from '../item-types/catalogue';
import { refineWith, type Report } from '../item-types/content-common';
import { PteVersionSchema, type PteVersion } from '../item-types/versions';

/**
 * Mock-exam blueprints (issue 13): which item types a paper holds, how many of each, in which
 * parts and in which order, and the section timers. A blueprint is data (`content/mock/blueprints/`),
 * versioned, and validated here. Item timings are not repeated: preparation, answer time, audio
 * delays and which types keep their own clock (SST inside listening) come from the catalogue;
 * a blueprint adds only the section timers the catalogue leaves to the test's shape.
 */

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const MockKindSchema = z
  .enum(['full', 'section', 'mini', 'level', 'test'])
  .meta({ id: 'MockKind', description: '模考类型：全真 / 单项 / 迷你 / 水平测试 / 测试用' });
export type MockKind = z.infer<typeof MockKindSchema>;

export const mockKindNamesZh: Record<MockKind, string> = {
  full: '全真模考',
  section: '单项模考',
  mini: '迷你模考',
  level: '水平测试',
  test: '测试试卷',
};

/**
 * How many items of a type: a bare number takes the range from the catalogue's `countPerTest`
 * for the blueprint's format version (the real test's size); an object gives its own range, for
 * the mini mock and the level test, which are smaller than the real test on purpose.
 */
export const BlueprintCountSchema = z.union([
  z.int().min(1).max(20),
  z.strictObject({
    min: z.int().min(1).max(20),
    max: z.int().min(1).max(20),
    chosen: z.int().min(1).max(20),
  }),
]);
export type BlueprintCount = z.infer<typeof BlueprintCountSchema>;

export const BlueprintSlotSchema = z.strictObject({
  type: ItemTypeCodeSchema,
  count: BlueprintCountSchema,
});
export type BlueprintSlot = z.infer<typeof BlueprintSlotSchema>;

export const BlueprintPartSchema = z.strictObject({
  id: z.string().regex(KEBAB_CASE, 'must be kebab-case, e.g. part-1'),
  section: SectionSchema,
  titleEn: z.string().trim().min(1).max(80).describe('屏幕上的英文标题（考试界面为英文）'),
  titleZh: z.string().trim().min(1).max(40),
  /**
   * The one timer shared by the part's section-timed types (reading; listening except SST).
   * Absent when every type of the part keeps its own clock (Part 1, the introduction).
   */
  sectionMinutes: z.int().min(1).max(90).optional(),
  /** Item types in the order they appear; the order is the blueprint's (SGD before RTS or not). */
  slots: z.array(BlueprintSlotSchema).min(1),
});
export type BlueprintPart = z.infer<typeof BlueprintPartSchema>;

function sectionIndex(section: Section): number {
  return (MOCK_EXAM_FORMAT.sectionOrder as readonly Section[]).indexOf(section);
}

function checkBlueprint(blueprint: MockBlueprintInput, report: Report) {
  const partIds = new Set<string>();
  const seen = new Set<ItemTypeCode>();
  let lastSection = 0;
  blueprint.parts.forEach((part, partIndex) => {
    const at = ['parts', partIndex];
    if (partIds.has(part.id)) report([...at, 'id'], `part id "${part.id}" is used twice`);
    partIds.add(part.id);
    // No going back (pte-rules §A full mock exam): parts follow the test's section order.
    const order = sectionIndex(part.section);
    if (order < lastSection)
      report([...at, 'section'], `${part.section} cannot follow a later section`);
    lastSection = order;
    let sectionTimed = false;
    part.slots.forEach((slot, slotIndex) => {
      const slotAt = [...at, 'slots', slotIndex];
      const info = itemTypes[slot.type];
      if (seen.has(slot.type)) report([...slotAt, 'type'], `${slot.type} appears twice`);
      seen.add(slot.type);
      if (info.section !== part.section) {
        report(
          [...slotAt, 'type'],
          `${slot.type} belongs to the ${info.section} section, not ${part.section}`,
        );
      }
      if (info.timing.timer === 'section') sectionTimed = true;
      const range = rangeOf(slot, blueprint.pteVersion);
      if (range.max === 0) {
        report([...slotAt, 'type'], `${slot.type} is not part of the ${blueprint.pteVersion} test`);
      } else if (range.min > range.max) {
        report([...slotAt, 'count'], `min ${range.min} is above max ${range.max}`);
      } else if (range.chosen < range.min || range.chosen > range.max) {
        report(
          [...slotAt, 'count'],
          `${range.chosen} ${slot.type} is outside the range ${range.min}–${range.max}`,
        );
      }
    });
    if (sectionTimed && part.sectionMinutes === undefined) {
      report([...at, 'sectionMinutes'], 'this part has section-timed types and needs a timer');
    }
    if (!sectionTimed && part.sectionMinutes !== undefined) {
      report([...at, 'sectionMinutes'], 'every type of this part keeps its own clock');
    }
  });
}

const blueprintShape = {
  id: z.string().regex(KEBAB_CASE, 'must be kebab-case, e.g. full-mock'),
  /** Raised on every change, so a paper and its report name the blueprint they were built from. */
  version: z.int().min(1),
  kind: MockKindSchema,
  pteVersion: PteVersionSchema,
  nameZh: z.string().trim().min(1).max(40),
  nameEn: z.string().trim().min(1).max(80),
  descriptionZh: z.string().trim().min(1).max(300),
  parts: z.array(BlueprintPartSchema).min(1),
};
type MockBlueprintInput = z.infer<z.ZodObject<typeof blueprintShape>>;

export const MockBlueprintSchema = z
  .strictObject(blueprintShape)
  .superRefine(refineWith(checkBlueprint))
  .meta({ id: 'MockBlueprint', description: '模考蓝图：各部分题型、数量与计时' });
export type MockBlueprint = z.infer<typeof MockBlueprintSchema>;

export interface SlotRange extends CountRange {
  /** How many items of the type a paper of this blueprint holds. */
  chosen: number;
}

/** A slot's range: its own, or the catalogue's real-test range for the format version. */
export function rangeOf(slot: BlueprintSlot, pteVersion: PteVersion): SlotRange {
  if (typeof slot.count === 'object') return slot.count;
  const { min, max } = itemTypes[slot.type].countPerTest[pteVersion];
  return { min, max, chosen: slot.count };
}

/** Items per type a paper of the blueprint holds, in blueprint order. */
export function chosenCounts(blueprint: MockBlueprint): { type: ItemTypeCode; count: number }[] {
  return blueprint.parts.flatMap((part) =>
    part.slots.map((slot) => ({
      type: slot.type,
      count: rangeOf(slot, blueprint.pteVersion).chosen,
    })),
  );
}

export type ParseBlueprintResult =
  | { ok: true; blueprint: MockBlueprint }
  | { ok: false; problems: { path: string; message: string }[] };

/** Validates a blueprint file's data; each problem names its field path. */
export function parseBlueprint(data: unknown): ParseBlueprintResult {
  const result = MockBlueprintSchema.safeParse(data);
  if (result.success) return { ok: true, blueprint: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || '(file)',
      message: issue.message,
    })),
  };
}
