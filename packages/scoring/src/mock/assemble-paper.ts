import {
  CURRENT_SCORING_PROFILE_ID,
  latestScoringProfileFor,
  paperItemTiming,
  rangeOf,
  scoringProfiles,
  type ItemTypeCode,
  type MockBankEntry,
  type MockBlueprint,
  type MockPaper,
  type OperatorPaper,
  type PaperPart,
  type ScoringProfileId,
} from '@ninety/contract';
import { seededRandom, shuffled } from './seeded-random';

/**
 * Paper assembly (issue 13): a blueprint filled from the bank, reproducibly. Pure: the server
 * passes the bank index, the learner's mock history and any operator paper; nothing here reads a
 * database or a clock. It lives in @ninety/scoring beside the skill aggregation because both are
 * mock-exam rules the server runs, while @ninety/contract, which the browser bundles, keeps to the
 * shapes (blueprint, paper) and the catalogue's facts.
 */

/** An item the learner met in an earlier mock, and when (the latest meeting counts). */
export interface MetItem {
  itemId: string;
  /** An ISO date-time, or a Date; an unreadable one counts as long ago. */
  metAt: string | Date;
}

export interface AssemblePaperInput {
  blueprint: MockBlueprint;
  /** Every item a paper may use; `mockBankEntryOf` makes one from a bank item. */
  bank: readonly MockBankEntry[];
  /** The same seed, bank, history and operator paper give the same paper. */
  seed: string;
  /** Items met in the learner's earlier mocks: avoided while the bank has others. */
  met?: readonly MetItem[];
  /** Items an operator fixed for some or all types (content/mock/papers/). */
  operatorPaper?: OperatorPaper;
}

export interface PaperProblem {
  path: string;
  message: string;
}

export type MockAssemblyErrorCode = 'bank-too-small' | 'invalid-operator-paper';

/** Why a paper cannot be assembled; `type` names the item type when the bank runs short. */
export class MockAssemblyError extends Error {
  constructor(
    readonly code: MockAssemblyErrorCode,
    message: string,
    readonly messageZh: string,
    readonly details: {
      type?: ItemTypeCode;
      needed?: number;
      available?: number;
      problems?: PaperProblem[];
    } = {},
  ) {
    super(message);
    this.name = 'MockAssemblyError';
  }
}

/**
 * Checks an operator paper against its blueprint and the bank: each listed type is in the
 * blueprint with a count inside its range, every id exists with that type, no id twice.
 */
export function validateOperatorPaper(
  paper: OperatorPaper,
  blueprint: MockBlueprint,
  bank: readonly MockBankEntry[],
): PaperProblem[] {
  const problems: PaperProblem[] = [];
  if (paper.blueprint !== blueprint.id) {
    problems.push({ path: 'blueprint', message: `is "${paper.blueprint}", not "${blueprint.id}"` });
  }
  const slots = new Map(blueprint.parts.flatMap((part) => part.slots.map((s) => [s.type, s])));
  const byId = new Map(bank.map((entry) => [entry.id, entry]));
  const used = new Set<string>();
  for (const [type, ids] of Object.entries(paper.items) as [ItemTypeCode, string[]][]) {
    const slot = slots.get(type);
    if (!slot) {
      problems.push({ path: `items.${type}`, message: `${blueprint.id} has no ${type} items` });
      continue;
    }
    const range = rangeOf(slot, blueprint.pteVersion);
    if (ids.length < range.min || ids.length > range.max) {
      problems.push({
        path: `items.${type}`,
        message: `${ids.length} ${type} item(s); ${blueprint.id} takes ${range.min}–${range.max}`,
      });
    }
    ids.forEach((id, index) => {
      const at = `items.${type}.${index}`;
      const entry = byId.get(id);
      if (!entry) problems.push({ path: at, message: `"${id}" is not in the bank` });
      else if (entry.type !== type) {
        problems.push({ path: at, message: `"${id}" is a ${entry.type} item, not ${type}` });
      }
      if (used.has(id)) problems.push({ path: at, message: `"${id}" is listed twice` });
      used.add(id);
    });
  }
  return problems;
}

/**
 * Picks `count` items of one type: never-met items first, in seeded order; then, only when the
 * bank has too few of those, the ones met longest ago.
 */
function pickItems(
  type: ItemTypeCode,
  count: number,
  candidates: readonly MockBankEntry[],
  lastMet: ReadonlyMap<string, number>,
  random: () => number,
): MockBankEntry[] {
  if (candidates.length < count) {
    throw new MockAssemblyError(
      'bank-too-small',
      `The bank has ${candidates.length} ${type} item(s) free for this paper; it needs ${count}`,
      `题库中可用的 ${type} 题只有 ${candidates.length} 道，这份试卷需要 ${count} 道`,
      { type, needed: count, available: candidates.length },
    );
  }
  const order = shuffled(candidates, random);
  const fresh = order.filter((entry) => !lastMet.has(entry.id));
  const met = order
    .filter((entry) => lastMet.has(entry.id))
    // A stable sort keeps the seeded order among items met at the same moment.
    .sort((a, b) => lastMet.get(a.id)! - lastMet.get(b.id)!);
  return [...fresh, ...met].slice(0, count);
}

/** Assembles a paper. Throws MockAssemblyError when the bank is too small or the operator paper is invalid. */
export function assemblePaper(input: AssemblePaperInput): MockPaper {
  const { blueprint, seed, operatorPaper } = input;
  // One entry per id; the first wins (the bank's ids are unique already).
  const bank = [...new Map(input.bank.map((entry) => [entry.id, entry])).values()];
  if (operatorPaper) {
    const problems = validateOperatorPaper(operatorPaper, blueprint, bank);
    if (problems.length > 0) {
      throw new MockAssemblyError(
        'invalid-operator-paper',
        `Operator paper ${operatorPaper.id} is invalid: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
        `指定试卷 ${operatorPaper.id} 有误，无法组卷`,
        { problems },
      );
    }
  }
  const lastMet = new Map<string, number>();
  for (const { itemId, metAt } of input.met ?? []) {
    const time = metAt instanceof Date ? metAt.getTime() : Date.parse(metAt);
    const at = Number.isFinite(time) ? time : 0;
    if (at >= (lastMet.get(itemId) ?? -Infinity)) lastMet.set(itemId, at);
  }
  const byId = new Map(bank.map((entry) => [entry.id, entry]));
  // Items the operator fixed are taken before any type is filled, so no other slot reuses them.
  const used = new Set(Object.values(operatorPaper?.items ?? {}).flat());

  let index = 0;
  const parts: PaperPart[] = blueprint.parts.map((part) => {
    const items = part.slots.flatMap((slot) => {
      const fixed = operatorPaper?.items[slot.type];
      const chosen = fixed
        ? fixed.map((id) => byId.get(id)!)
        : pickItems(
            slot.type,
            rangeOf(slot, blueprint.pteVersion).chosen,
            bank.filter((entry) => entry.type === slot.type && !used.has(entry.id)),
            lastMet,
            // A stream per type: a change in one type's bank leaves the other types' picks alone.
            seededRandom(`${seed}:${slot.type}`),
          );
      for (const entry of chosen) used.add(entry.id);
      return chosen.map((entry) => ({
        index: index++,
        itemId: entry.id,
        type: entry.type,
        timing: paperItemTiming(entry),
      }));
    });
    return {
      id: part.id,
      section: part.section,
      titleEn: part.titleEn,
      titleZh: part.titleZh,
      sectionSeconds: part.sectionMinutes === undefined ? null : part.sectionMinutes * 60,
      items,
    };
  });

  const maxSeconds = parts.reduce(
    (total, part) =>
      total +
      (part.sectionSeconds ?? 0) +
      part.items.reduce((sum, item) => sum + (item.timing.itemSeconds ?? 0), 0),
    0,
  );
  return {
    blueprintId: blueprint.id,
    blueprintVersion: blueprint.version,
    pteVersion: blueprint.pteVersion,
    scoringProfileId: profileFor(blueprint),
    seed,
    operatorPaperId: operatorPaper?.id ?? null,
    parts,
    itemCount: index,
    maxSeconds: Math.round(maxSeconds * 10) / 10,
  };
}

function profileFor(blueprint: MockBlueprint): ScoringProfileId {
  // The newest rules for the paper's format version; today's if one is ever missing.
  return blueprint.pteVersion in scoringProfiles
    ? latestScoringProfileFor(blueprint.pteVersion)
    : CURRENT_SCORING_PROFILE_ID;
}

/** Every item id of a paper, in order. */
export function paperItemIds(paper: MockPaper): string[] {
  return paper.parts.flatMap((part) => part.items.map((item) => item.itemId));
}
