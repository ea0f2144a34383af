import { describe, expect, it } from 'vitest';
import {
  chosenCounts,
  ITEM_TYPE_CODES,
  latestScoringProfileFor,
  parseBlueprint,
  rangeOf,
  type ItemTypeCode,
  type MockBankEntry,
  type MockBlueprint,
  type MockPaper,
  type OperatorPaper,
} from '@ninety/contract';
import {
  assemblePaper,
  MockAssemblyError,
  paperItemIds,
  validateOperatorPaper,
} from './assemble-paper';
import { seededRandom } from './seeded-random';

function blueprint(data: unknown): MockBlueprint {
  const parsed = parseBlueprint(data);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.blueprint;
}

/** A small full-shaped blueprint: every section, one section timer, SST on its own clock. */
const SMALL = blueprint({
  id: 'small',
  version: 3,
  kind: 'test',
  pteVersion: 'pte-2025-08',
  nameZh: '小试卷',
  nameEn: 'Small',
  descriptionZh: '测试用',
  parts: [
    {
      id: 'part-1',
      section: 'speaking-writing',
      titleEn: 'Part 1',
      titleZh: '第一部分',
      slots: [
        { type: 'RA', count: 6 },
        { type: 'RS', count: 10 },
        { type: 'SGD', count: 2 },
        { type: 'RTS', count: 2 },
      ],
    },
    {
      id: 'part-3',
      section: 'listening',
      titleEn: 'Part 3',
      titleZh: '第三部分',
      sectionMinutes: 20,
      slots: [
        { type: 'SST', count: 1 },
        { type: 'WFD', count: { min: 1, max: 4, chosen: 3 } },
      ],
    },
  ],
});

function bankOf(sizes: Partial<Record<ItemTypeCode, number>>): MockBankEntry[] {
  return Object.entries(sizes).flatMap(([type, size]) =>
    Array.from({ length: size }, (_, index) => ({
      id: `${type.toLowerCase()}-${String(index + 1).padStart(4, '0')}`,
      type: type as ItemTypeCode,
      ...(type === 'RA' ? { promptWords: 35 + index } : {}),
      ...(['RS', 'SGD', 'RTS', 'SST', 'WFD'].includes(type) ? { audioSeconds: 5 } : {}),
    })),
  );
}

const BANK = bankOf({ RA: 16, RS: 16, SGD: 16, RTS: 16, SST: 16, WFD: 16 });

function countsOf(paper: MockPaper): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const part of paper.parts)
    for (const item of part.items) counts[item.type] = (counts[item.type] ?? 0) + 1;
  return counts;
}

describe('seededRandom', () => {
  it('is reproducible for a seed and differs between seeds', () => {
    const a = seededRandom('paper-1');
    const b = seededRandom('paper-1');
    const c = seededRandom('paper-2');
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('assemblePaper — counts, order, timings', () => {
  it.each(['s1', 's2', 'learner-7:2026-11-26', ''])(
    'seed %j: counts are the chosen ones, within range',
    (seed) => {
      const paper = assemblePaper({ blueprint: SMALL, bank: BANK, seed });
      const counts = countsOf(paper);
      for (const part of SMALL.parts) {
        for (const slot of part.slots) {
          const range = rangeOf(slot, SMALL.pteVersion);
          expect(counts[slot.type], slot.type).toBe(range.chosen);
          expect(counts[slot.type]!).toBeGreaterThanOrEqual(range.min);
          expect(counts[slot.type]!).toBeLessThanOrEqual(range.max);
        }
      }
      expect(paper.itemCount).toBe(chosenCounts(SMALL).reduce((sum, c) => sum + c.count, 0));
    },
  );

  it('keeps the blueprint order (SGD before RTS here) and numbers items across parts', () => {
    const paper = assemblePaper({ blueprint: SMALL, bank: BANK, seed: 'order' });
    const types = paper.parts[0]!.items.map((item) => item.type);
    expect(types.indexOf('SGD')).toBeLessThan(types.indexOf('RTS'));
    expect(types.lastIndexOf('RA')).toBeLessThan(types.indexOf('RS'));
    expect(paper.parts.flatMap((part) => part.items.map((item) => item.index))).toEqual(
      Array.from({ length: paper.itemCount }, (_, index) => index),
    );
    expect(paper).toMatchObject({
      blueprintId: 'small',
      blueprintVersion: 3,
      // A paper of the 2025-08 format is scored by that format's newest rules.
      scoringProfileId: latestScoringProfileFor('pte-2025-08'),
    });
  });

  it('takes timings from the catalogue: Part 1 items on their own clock, SST on its own inside listening', () => {
    const paper = assemblePaper({ blueprint: SMALL, bank: BANK, seed: 'timing' });
    const [part1, part3] = paper.parts;
    expect(part1!.sectionSeconds).toBeNull();
    expect(part3!.sectionSeconds).toBe(20 * 60);
    const rs = part1!.items.find((item) => item.type === 'RS')!;
    // RS: 3 s countdown, the 5 s recording, no preparation, 15 s to answer (catalogue).
    expect(rs.timing).toEqual({
      timer: 'item',
      audioDelaySeconds: 3,
      audioSeconds: 5,
      preparationSeconds: 0,
      answerSeconds: 15,
      itemSeconds: 23,
    });
    const ra = part1!.items.find((item) => item.type === 'RA')!;
    // RA's preparation follows the text's length: ≤ 40 words → 30 s, ≤ 50 → 35 s (pte-rules: 30–40 s).
    expect([30, 35]).toContain(ra.timing.preparationSeconds);
    const sst = part3!.items.find((item) => item.type === 'SST')!;
    expect(sst.timing.timer).toBe('item');
    expect(sst.timing.answerSeconds).toBe(600);
    const wfd = part3!.items.find((item) => item.type === 'WFD')!;
    expect(wfd.timing).toMatchObject({ timer: 'section', answerSeconds: null, itemSeconds: null });
  });
});

describe('assemblePaper — reproducible, varied, never repeating', () => {
  it('the same seed gives the same paper', () => {
    expect(assemblePaper({ blueprint: SMALL, bank: BANK, seed: 'same' })).toEqual(
      assemblePaper({ blueprint: SMALL, bank: BANK, seed: 'same' }),
    );
  });

  it('a shuffled bank index gives the same paper for a seed', () => {
    const reversed = [...BANK].reverse();
    const sorted = (bank: MockBankEntry[]) => [...bank].sort((a, b) => a.id.localeCompare(b.id));
    expect(
      paperItemIds(assemblePaper({ blueprint: SMALL, bank: sorted(reversed), seed: 'x' })),
    ).toEqual(paperItemIds(assemblePaper({ blueprint: SMALL, bank: sorted(BANK), seed: 'x' })));
  });

  it('different seeds give different papers', () => {
    const papers = ['a', 'b', 'c', 'd'].map((seed) =>
      paperItemIds(assemblePaper({ blueprint: SMALL, bank: BANK, seed })),
    );
    expect(new Set(papers.map((ids) => ids.join(','))).size).toBe(4);
  });

  it.each(['r1', 'r2', 'r3'])('seed %s: no item appears twice in a paper', (seed) => {
    const ids = paperItemIds(assemblePaper({ blueprint: SMALL, bank: BANK, seed }));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every item once when the bank holds exactly what the paper needs', () => {
    const exact = bankOf({ RA: 6, RS: 10, SGD: 2, RTS: 2, SST: 1, WFD: 3 });
    const ids = paperItemIds(assemblePaper({ blueprint: SMALL, bank: exact, seed: 'exact' }));
    expect([...ids].sort()).toEqual(exact.map((entry) => entry.id).sort());
  });
});

describe('assemblePaper — items already met in mocks', () => {
  const met = (ids: string[], at = '2026-11-01T00:00:00Z') =>
    ids.map((itemId) => ({ itemId, metAt: at }));

  it('avoids every met item while the bank has enough others', () => {
    // Room for two papers of every type: 2 × 6 RA, 2 × 10 RS, …
    const bank = bankOf({ RA: 12, RS: 20, SGD: 4, RTS: 4, SST: 2, WFD: 6 });
    const first = assemblePaper({ blueprint: SMALL, bank, seed: 'one' });
    const second = assemblePaper({
      blueprint: SMALL,
      bank,
      seed: 'two',
      met: met(paperItemIds(first)),
    });
    const overlap = paperItemIds(second).filter((id) => paperItemIds(first).includes(id));
    expect(overlap).toEqual([]);
  });

  it('when the bank runs short, reuses the least recently met first', () => {
    // 16 RS, 14 met: the paper needs 10, so 2 fresh + the 8 met longest ago.
    const rs = BANK.filter((entry) => entry.type === 'RS').map((entry) => entry.id);
    const history = rs.slice(0, 14).map((itemId, index) => ({
      itemId,
      metAt: `2026-10-${String(index + 1).padStart(2, '0')}T08:00:00Z`,
    }));
    const paper = assemblePaper({ blueprint: SMALL, bank: BANK, seed: 'short', met: history });
    const chosen = paper.parts[0]!.items.filter((item) => item.type === 'RS').map(
      (item) => item.itemId,
    );
    expect(chosen.slice(0, 2).sort()).toEqual(rs.slice(14).sort());
    expect(chosen.slice(2).sort()).toEqual(rs.slice(0, 8).sort());
  });

  it('counts an item by its latest meeting', () => {
    const rs = BANK.filter((entry) => entry.type === 'RS').map((entry) => entry.id);
    // All 16 met; rs-0001 long ago but also yesterday, so it is among the most recent.
    const history = [
      ...rs.map((itemId, index) => ({
        itemId,
        metAt: `2026-10-${String(index + 1).padStart(2, '0')}T00:00:00Z`,
      })),
      { itemId: rs[0]!, metAt: '2026-11-25T00:00:00Z' },
    ];
    const paper = assemblePaper({ blueprint: SMALL, bank: BANK, seed: 'latest', met: history });
    const chosen = paper.parts[0]!.items.filter((item) => item.type === 'RS').map(
      (item) => item.itemId,
    );
    expect(chosen).not.toContain(rs[0]);
    expect(chosen).toEqual(rs.slice(1, 11));
  });
});

describe('assemblePaper — how meetings are dated', () => {
  it('takes Date objects as well as ISO strings, and an unreadable time as long ago', () => {
    const rs = BANK.filter((entry) => entry.type === 'RS').map((entry) => entry.id);
    // All 16 met: rs-0001…0010 recently (as Dates), rs-0011 at an unreadable time, rs-0012…0016 earlier.
    const history = [
      ...rs.slice(0, 10).map((itemId) => ({ itemId, metAt: new Date('2026-11-20T00:00:00Z') })),
      { itemId: rs[10]!, metAt: 'not a date' },
      ...rs.slice(11).map((itemId) => ({ itemId, metAt: '2026-10-01T00:00:00+08:00' })),
    ];
    const paper = assemblePaper({ blueprint: SMALL, bank: BANK, seed: 'dates', met: history });
    const chosen = paper.parts[0]!.items.filter((item) => item.type === 'RS').map(
      (item) => item.itemId,
    );
    expect(chosen[0]).toBe(rs[10]);
    expect(chosen.slice(1, 6).sort()).toEqual(rs.slice(11).sort());
    expect(chosen.slice(6)).toHaveLength(4);
  });
});

describe('assemblePaper — a bank too small', () => {
  it.each([
    { case: 'RS short by two', sizes: { RS: 8 }, type: 'RS', needed: 10, available: 8 },
    { case: 'no SST at all', sizes: { SST: 0 }, type: 'SST', needed: 1, available: 0 },
    { case: 'WFD one short', sizes: { WFD: 2 }, type: 'WFD', needed: 3, available: 2 },
  ])('$case → a clear error naming the type', ({ sizes, type, needed, available }) => {
    const bank = bankOf({ RA: 16, RS: 16, SGD: 16, RTS: 16, SST: 16, WFD: 16, ...sizes });
    let error: unknown;
    try {
      assemblePaper({ blueprint: SMALL, bank, seed: 'small' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MockAssemblyError);
    const failure = error as MockAssemblyError;
    expect(failure.code).toBe('bank-too-small');
    expect(failure.details).toMatchObject({ type, needed, available });
    expect(failure.message).toContain(` ${type} `);
    expect(failure.messageZh).toContain(type);
  });
});

describe('operator papers', () => {
  const paper = (items: OperatorPaper['items'], blueprintId = 'small'): OperatorPaper => ({
    id: 'paper-a',
    blueprint: blueprintId,
    titleZh: 'A 卷',
    items,
  });

  it('fixes the listed types in their order and fills the rest by seed', () => {
    const fixed = ['wfd-0016', 'wfd-0003', 'wfd-0009'];
    const result = assemblePaper({
      blueprint: SMALL,
      bank: BANK,
      seed: 'op',
      operatorPaper: paper({ WFD: fixed }),
    });
    expect(result.operatorPaperId).toBe('paper-a');
    expect(
      result.parts[1]!.items.filter((item) => item.type === 'WFD').map((item) => item.itemId),
    ).toEqual(fixed);
    expect(countsOf(result).RS).toBe(10);
  });

  it('may take any count inside the range, not only the chosen one', () => {
    const result = assemblePaper({
      blueprint: SMALL,
      bank: BANK,
      seed: 'op',
      operatorPaper: paper({ WFD: ['wfd-0001', 'wfd-0002', 'wfd-0003', 'wfd-0004'] }),
    });
    expect(countsOf(result).WFD).toBe(4);
  });

  it.each([
    {
      case: 'an unknown id',
      items: { WFD: ['wfd-0001', 'wfd-0099', 'wfd-0002'] },
      message: /"wfd-0099" is not in the bank/,
    },
    {
      case: 'an id of another type',
      items: { WFD: ['wfd-0001', 'rs-0001', 'wfd-0002'] },
      message: /"rs-0001" is a RS item, not WFD/,
    },
    {
      case: 'an id twice',
      items: { WFD: ['wfd-0001', 'wfd-0001', 'wfd-0002'] },
      message: /"wfd-0001" is listed twice/,
    },
    {
      case: 'too many',
      items: { SST: ['sst-0001', 'sst-0002'] },
      message: /2 SST item\(s\); small takes 1–1/,
    },
    {
      case: 'a type the blueprint lacks',
      items: { WE: ['we-0001'] },
      message: /small has no WE items/,
    },
  ])('refuses $case', ({ items, message }) => {
    const problems = validateOperatorPaper(paper(items as OperatorPaper['items']), SMALL, BANK);
    expect(problems.map((p) => `${p.path}: ${p.message}`).join('\n')).toMatch(message);
    expect(() =>
      assemblePaper({
        blueprint: SMALL,
        bank: BANK,
        seed: 'x',
        operatorPaper: paper(items as OperatorPaper['items']),
      }),
    ).toThrow(MockAssemblyError);
  });

  it('refuses a paper written for another blueprint', () => {
    expect(validateOperatorPaper(paper({}, 'full-mock'), SMALL, BANK)).toEqual([
      { path: 'blueprint', message: 'is "full-mock", not "small"' },
    ]);
  });
});

describe('every type code can be assembled', () => {
  it('one of each type of the catalogue', () => {
    const all = blueprint({
      id: 'all',
      version: 1,
      kind: 'test',
      pteVersion: 'pte-2025-08',
      nameZh: '全部',
      nameEn: 'All',
      descriptionZh: '测试用',
      parts: [
        {
          id: 'p1',
          section: 'speaking-writing',
          titleEn: 'P1',
          titleZh: '一',
          slots: ITEM_TYPE_CODES.slice(0, 10).map((type) => ({
            type,
            count: { min: 1, max: 1, chosen: 1 },
          })),
        },
        {
          id: 'p2',
          section: 'reading',
          titleEn: 'P2',
          titleZh: '二',
          sectionMinutes: 5,
          slots: ITEM_TYPE_CODES.slice(10, 15).map((type) => ({
            type,
            count: { min: 1, max: 1, chosen: 1 },
          })),
        },
        {
          id: 'p3',
          section: 'listening',
          titleEn: 'P3',
          titleZh: '三',
          sectionMinutes: 5,
          slots: ITEM_TYPE_CODES.slice(15).map((type) => ({
            type,
            count: { min: 1, max: 1, chosen: 1 },
          })),
        },
      ],
    });
    const bank = bankOf(Object.fromEntries(ITEM_TYPE_CODES.map((code) => [code, 1])));
    const paper = assemblePaper({ blueprint: all, bank, seed: 'all' });
    expect(paper.parts.flatMap((part) => part.items.map((item) => item.type))).toEqual([
      ...ITEM_TYPE_CODES,
    ]);
  });
});
