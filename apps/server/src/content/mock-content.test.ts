import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  chosenCounts,
  estimateBlueprintSeconds,
  ITEM_TYPE_CODES,
  MOCK_EXAM_FORMAT,
  rangeOf,
  skillsFedBy,
  type MockBlueprint,
  type Skill,
} from '@ninety/contract';
import { assemblePaper, paperItemIds, type MetItem } from '@ninety/scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths';
import { countByType, loadBank, type BankItem } from './bank';
import { loadMockContent, mockBankOf, type MockContent } from './mock-content';
import { loadPronunciationWords } from './pronunciation-dictionary';

const contentRoot = path.join(repoRoot, 'content');
let bankItems: BankItem[];
let mock: MockContent;
const scratch: string[] = [];

beforeAll(async () => {
  const words = await loadPronunciationWords();
  // Media are checked by bank.test.ts; here only the items matter.
  const bank = await loadBank(contentRoot, { hasWord: (word) => words.has(word), skipMedia: true });
  bankItems = bank.items;
  mock = await loadMockContent(contentRoot, bankItems);
});

afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

function blueprint(id: string): MockBlueprint {
  const found = mock.blueprints.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no blueprint ${id}`);
  return found;
}

const minutes = (b: MockBlueprint) => estimateBlueprintSeconds(b) / 60;
const itemCount = (b: MockBlueprint) => chosenCounts(b).reduce((sum, { count }) => sum + count, 0);

describe('the committed mock content (content/mock/)', () => {
  it('has no problems: every blueprint and operator paper is valid against the bank', () => {
    expect(mock.problems).toEqual([]);
    expect(mock.blueprints.map((b) => `${b.id}:${b.kind}`).sort()).toEqual([
      'full-mock:full',
      'level-test:level',
      'mini-mock:mini',
      'section-listening:section',
      'section-reading:section',
      'section-speaking-writing:section',
      'test-all-types:test',
    ]);
    expect(mock.papers.map((paper) => paper.id)).toContain('full-mock-a');
  });

  it('full mock: the 2025 test — intro PI, then Part 1, 2, 3 with every type at a real-test count', () => {
    const full = blueprint('full-mock');
    expect(full.pteVersion).toBe('pte-2025-08');
    expect(full.parts.map((part) => [part.id, part.section, part.sectionMinutes ?? null])).toEqual([
      ['intro', 'speaking-writing', null],
      ['part-1', 'speaking-writing', null],
      ['part-2', 'reading', 26],
      ['part-3', 'listening', 23],
    ]);
    expect(full.parts[1]!.slots.map((slot) => slot.type)).toEqual([
      'RA', 'RS', 'DI', 'RL', 'ASQ', 'SGD', 'RTS', 'SWT', 'WE',
    ]);
    // Every type once; every count a bare number, so its range is the catalogue's real-test size.
    expect(chosenCounts(full).map(({ type }) => type).sort()).toEqual([...ITEM_TYPE_CODES].sort());
    for (const part of full.parts) {
      for (const slot of part.slots) expect(typeof slot.count, slot.type).toBe('number');
    }
    // pte-rules §A full mock exam: roughly 65–75 items, about 2 h 15 min.
    const { min, max } = MOCK_EXAM_FORMAT.approximateItems;
    expect(itemCount(full)).toBeGreaterThanOrEqual(min);
    expect(itemCount(full)).toBeLessThanOrEqual(max);
    expect(minutes(full)).toBeGreaterThan(125);
    expect(minutes(full)).toBeLessThan(145);
  });

  it('section mocks are the full mock’s parts, unchanged', () => {
    const full = blueprint('full-mock');
    for (const [id, partId] of [
      ['section-speaking-writing', 'part-1'],
      ['section-reading', 'part-2'],
      ['section-listening', 'part-3'],
    ] as const) {
      expect(blueprint(id).parts, id).toEqual(full.parts.filter((part) => part.id === partId));
    }
  });

  it('mini mock: about 30 minutes, one or two of each type but the three long writing tasks', () => {
    const mini = blueprint('mini-mock');
    expect(minutes(mini)).toBeGreaterThan(25);
    expect(minutes(mini)).toBeLessThanOrEqual(32);
    const types = chosenCounts(mini).map(({ type }) => type);
    expect(types.sort()).toEqual(
      ITEM_TYPE_CODES.filter((code) => !['PI', 'SWT', 'WE', 'SST'].includes(code)).sort(),
    );
    for (const part of mini.parts) {
      for (const slot of part.slots) {
        const range = rangeOf(slot, mini.pteVersion);
        expect(range.min).toBeGreaterThanOrEqual(1);
        expect(range.max).toBeLessThanOrEqual(2);
      }
    }
  });

  it('level test: about 15 minutes, and every one of the four skills is fed', () => {
    const level = blueprint('level-test');
    expect(minutes(level)).toBeGreaterThan(12);
    expect(minutes(level)).toBeLessThan(18);
    const fed = new Set<Skill>(chosenCounts(level).flatMap(({ type }) => skillsFedBy(type)));
    expect([...fed].sort()).toEqual(['listening', 'reading', 'speaking', 'writing']);
  });

  it('test-all-types: one item of every type, in the full mock’s order', () => {
    const test = chosenCounts(blueprint('test-all-types'));
    expect(test.map(({ type }) => type)).toEqual(
      chosenCounts(blueprint('full-mock')).map(({ type }) => type),
    );
    expect(test.every(({ count }) => count === 1)).toBe(true);
  });
});

describe('the bank holds three full papers with no item repeated', () => {
  it('has at least three times the full mock’s count of every type', () => {
    const counts = Object.fromEntries(countByType(bankItems));
    for (const { type, count } of chosenCounts(blueprint('full-mock'))) {
      expect(counts[type], `${type}: ${counts[type]} in the bank, ${3 * count} needed`).toBeGreaterThanOrEqual(3 * count);
    }
  });

  it.each(['learner-a', 'learner-b', 'learner-c'])(
    'three papers assembled one after another for %s share no item',
    (learner) => {
      const bank = mockBankOf(bankItems);
      const full = blueprint('full-mock');
      const met: MetItem[] = [];
      const papers = [1, 2, 3].map((round) => {
        const paper = assemblePaper({ blueprint: full, bank, seed: `${learner}:${round}`, met });
        for (const itemId of paperItemIds(paper)) met.push({ itemId, metAt: `2026-11-0${round}T00:00:00Z` });
        return paperItemIds(paper);
      });
      const all = papers.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(papers.every((ids) => ids.length === itemCount(full))).toBe(true);
    },
  );

  it('a fourth paper reuses the items met longest ago, not the last paper’s', () => {
    const bank = mockBankOf(bankItems);
    const full = blueprint('full-mock');
    const met: MetItem[] = [];
    const papers = [1, 2, 3, 4].map((round) => {
      const paper = assemblePaper({ blueprint: full, bank, seed: `reuse:${round}`, met });
      for (const itemId of paperItemIds(paper)) met.push({ itemId, metAt: `2026-11-0${round}T00:00:00Z` });
      return new Set(paperItemIds(paper));
    });
    const fromThird = [...papers[3]!].filter((id) => papers[2]!.has(id));
    expect(fromThird).toEqual([]);
  });
});

describe('mock content checks', () => {
  async function contentWith(files: Record<string, string | undefined>): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ninety-mock-'));
    scratch.push(dir);
    for (const [file, text] of Object.entries(files)) {
      if (text === undefined) continue;
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    return dir;
  }

  const tiny = (id: string, count = 2) => `id: ${id}
version: 1
kind: test
pteVersion: pte-2025-08
nameZh: 小卷
nameEn: Tiny
descriptionZh: 测试用
parts:
  - id: part-3
    section: listening
    titleEn: Listening
    titleZh: 听力
    sectionMinutes: 5
    slots:
      - { type: WFD, count: { min: 1, max: 20, chosen: ${count} } }
`;

  it.each([
    {
      case: 'a file named after another id',
      files: { 'mock/blueprints/other.yaml': tiny('tiny') },
      problem: 'mock/blueprints/other.yaml  id: is "tiny" but the file is named other.yaml',
    },
    {
      case: 'a blueprint the bank cannot fill, naming the type',
      files: { 'mock/blueprints/tiny.yaml': tiny('tiny', 20) },
      problem: 'mock/blueprints/tiny.yaml  parts: The bank has',
    },
    {
      case: 'not YAML',
      files: { 'mock/blueprints/tiny.yaml': 'id: [' },
      problem: 'mock/blueprints/tiny.yaml  line',
    },
    {
      case: 'a paper naming an item that is not in the bank',
      files: {
        'mock/blueprints/tiny.yaml': tiny('tiny'),
        'mock/papers/p.yaml': 'id: p\nblueprint: tiny\ntitleZh: 卷\nitems:\n  WFD: [wfd-0001, wfd-9999]\n',
      },
      problem: 'mock/papers/p.yaml  items.WFD.1: "wfd-9999" is not in the bank',
    },
    {
      case: 'a paper for an unknown blueprint',
      files: { 'mock/papers/p.yaml': 'id: p\nblueprint: nope\ntitleZh: 卷\nitems:\n  WFD: [wfd-0001]\n' },
      problem: 'mock/papers/p.yaml  blueprint: no valid blueprint "nope" in mock/blueprints/',
    },
  ])('reports $case', async ({ files, problem }) => {
    const dir = await contentWith(files);
    const result = await loadMockContent(dir, bankItems);
    const lines = result.problems.map((p) => `${p.file}  ${p.path}: ${p.message}`);
    expect(lines.some((line) => line.startsWith(problem)), lines.join('\n')).toBe(true);
  });

  it('a content root without mock/ has no mock content and no problems', async () => {
    const dir = await contentWith({});
    expect(await loadMockContent(dir, bankItems)).toEqual({ blueprints: [], papers: [], problems: [] });
  });
});
