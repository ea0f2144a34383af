import {
  itemTypes,
  itemTypesInSkillArea,
  skillNamesZh,
  type ItemTypeCode,
  type Skill,
} from '@ninety/contract';
// The module, not the bank's index, and the skills from the catalogue's data, not its zod schema:
// both stay off the exercise page's first load (issue 23).
import { parseTypeCode } from '../../features/bank/list-url';

/**
 * The exercise type validator (spec §5): `exp/{typeCode}` takes an item-type code (RA, WFD…) or one
 * of the four skills — speaking, reading, listening, writing — which opens a mixed sequence of that
 * skill's types. Anything else is no page (404).
 */
export type ExerciseKind = { kind: 'type'; code: ItemTypeCode } | { kind: 'skill'; skill: Skill };

export function parseExerciseKind(value: string | undefined): ExerciseKind | null {
  const code = parseTypeCode(value);
  if (code) return { kind: 'type', code };
  const skill = value?.toLowerCase();
  return skill !== undefined && Object.hasOwn(skillNamesZh, skill)
    ? { kind: 'skill', skill: skill as Skill }
    : null;
}

/** Whether an item of this type belongs on this exercise URL (a skill's types only, for a skill). */
export function fitsKind(kind: ExerciseKind, type: ItemTypeCode): boolean {
  return kind.kind === 'type' || itemTypes[type].skillArea === kind.skill;
}

/** The item types a skill's mixed sequence takes its items from, in the test's order. */
export function skillTypes(skill: Skill): ItemTypeCode[] {
  return itemTypesInSkillArea(skill).filter((code) => itemTypes[code].isScored);
}

/** One list per type, mixed: the first of each type, then the second of each, and so on. */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const mixed: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const item = list[index];
      if (item !== undefined) mixed.push(item);
    }
  }
  return mixed;
}
