import { describe, expect, it } from 'vitest';
import { buildExampleItem } from '../testing/example-items';
import { chosenCounts, parseBlueprint, rangeOf, type MockBlueprint } from './blueprint';
import { estimateBlueprintSeconds, mockBankEntryOf, paperItemTiming } from './paper';

const valid = () => ({
  id: 'tiny',
  version: 1,
  kind: 'test',
  pteVersion: 'pte-2025-08',
  nameZh: '小卷',
  nameEn: 'Tiny',
  descriptionZh: '测试用',
  parts: [
    {
      id: 'part-1',
      section: 'speaking-writing',
      titleEn: 'Part 1',
      titleZh: '第一部分',
      slots: [
        { type: 'RA', count: 6 },
        { type: 'SGD', count: 2 },
        { type: 'RTS', count: 3 },
      ],
    },
    {
      id: 'part-3',
      section: 'listening',
      titleEn: 'Part 3',
      titleZh: '第三部分',
      sectionMinutes: 23,
      slots: [
        { type: 'SST', count: 1 },
        { type: 'WFD', count: { min: 1, max: 2, chosen: 2 } },
      ],
    },
  ],
});

type Data = ReturnType<typeof valid>;

function problemsOf(change: (data: Data) => unknown): string[] {
  const data = valid();
  const changed = (change(data) ?? data) as unknown;
  const parsed = parseBlueprint(changed);
  return parsed.ok ? [] : parsed.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('blueprint schema', () => {
  it('accepts a valid blueprint; a bare count takes the catalogue range (pte-rules §Sizes of a real test)', () => {
    const parsed = parseBlueprint(valid());
    expect(parsed.ok).toBe(true);
    const blueprint = (parsed as { blueprint: MockBlueprint }).blueprint;
    // RA 6–7, RTS 2–3 [2025], SST 1 [2025] in the catalogue.
    expect(rangeOf(blueprint.parts[0]!.slots[0]!, 'pte-2025-08')).toEqual({
      min: 6,
      max: 7,
      chosen: 6,
    });
    expect(rangeOf(blueprint.parts[0]!.slots[2]!, 'pte-2025-08')).toEqual({
      min: 2,
      max: 3,
      chosen: 3,
    });
    expect(chosenCounts(blueprint)).toEqual([
      { type: 'RA', count: 6 },
      { type: 'SGD', count: 2 },
      { type: 'RTS', count: 3 },
      { type: 'SST', count: 1 },
      { type: 'WFD', count: 2 },
    ]);
  });

  it.each([
    {
      case: 'a count outside the real-test range (RA 6–7)',
      change: (d: Data) => void (d.parts[0]!.slots[0]!.count = 8),
      problem: 'parts.0.slots.0.count: 8 RA is outside the range 6–7',
    },
    {
      case: 'a chosen count outside its own range',
      change: (d: Data) => void (d.parts[1]!.slots[1]!.count = { min: 1, max: 2, chosen: 3 }),
      problem: 'parts.1.slots.1.count: 3 WFD is outside the range 1–2',
    },
    {
      case: 'a type in the wrong section',
      change: (d: Data) => void d.parts[1]!.slots.push({ type: 'RO', count: 2 }),
      problem: 'parts.1.slots.2.type: RO belongs to the reading section, not listening',
    },
    {
      case: 'a type twice',
      change: (d: Data) => void d.parts[0]!.slots.push({ type: 'RA', count: 6 }),
      problem: 'parts.0.slots.3.type: RA appears twice',
    },
    {
      case: 'RTS in the pre-2025 format',
      change: (d: Data) => void (d.pteVersion = 'pte-2024'),
      problem: 'parts.0.slots.1.type: SGD is not part of the pte-2024 test',
    },
    {
      case: 'a section-timed part without its timer',
      change: (d: Data) => void delete (d.parts[1] as { sectionMinutes?: number }).sectionMinutes,
      problem: 'parts.1.sectionMinutes: this part has section-timed types and needs a timer',
    },
    {
      case: 'a section timer on a part whose items keep their own clock',
      change: (d: Data) => void ((d.parts[0] as { sectionMinutes?: number }).sectionMinutes = 10),
      problem: 'parts.0.sectionMinutes: every type of this part keeps its own clock',
    },
    {
      case: 'going back to an earlier section (pte-rules §A full mock exam: no going back)',
      change: (d: Data) => void d.parts.reverse(),
      problem: 'parts.1.section: speaking-writing cannot follow a later section',
    },
    {
      case: 'a part id twice',
      change: (d: Data) => void (d.parts[1]!.id = 'part-1'),
      problem: 'parts.1.id: part id "part-1" is used twice',
    },
    {
      case: 'an unknown field (a timing that belongs to the catalogue)',
      change: (d: Data) =>
        void ((d.parts[0]!.slots[0] as Record<string, unknown>).answerSeconds = 40),
      problem: 'parts.0.slots.0: Unrecognized key: "answerSeconds"',
    },
  ])('refuses $case', ({ change, problem }) => {
    expect(problemsOf(change)).toContain(problem);
  });
});

describe('item timing from the catalogue', () => {
  it.each([
    { words: 35, prep: 30 },
    { words: 40, prep: 30 },
    { words: 45, prep: 35 },
    { words: 60, prep: 40 },
  ])(
    'RA of $words words: $prep s preparation (pte-rules: 30–40 s by length), 40 s to answer',
    ({ words, prep }) => {
      expect(paperItemTiming({ id: 'ra-1', type: 'RA', promptWords: words })).toEqual({
        timer: 'item',
        audioDelaySeconds: null,
        audioSeconds: null,
        preparationSeconds: prep,
        answerSeconds: 40,
        itemSeconds: prep + 40,
      });
    },
  );

  it('WE: 20 min on its own clock; RWFIB: the section timer (pte-rules §Part 1, §Part 2)', () => {
    expect(paperItemTiming({ id: 'we-1', type: 'WE' })).toMatchObject({
      timer: 'item',
      itemSeconds: 1200,
    });
    expect(paperItemTiming({ id: 'rwfib-1', type: 'RWFIB' })).toMatchObject({
      timer: 'section',
      itemSeconds: null,
    });
  });

  it('a bank entry carries RA word counts and audio lengths, nothing else', () => {
    const ra = buildExampleItem('RA');
    expect(mockBankEntryOf(ra)).toEqual({
      id: ra.id,
      type: 'RA',
      promptWords: ra.content.text.trim().split(/\s+/).length,
    });
    const rs = buildExampleItem('RS');
    expect(mockBankEntryOf(rs)).toEqual({
      id: rs.id,
      type: 'RS',
      audioSeconds: rs.content.audio.durationSeconds,
    });
  });

  it('estimates a blueprint: section timers plus every item clock', () => {
    const parsed = parseBlueprint(valid());
    if (!parsed.ok) throw new Error('invalid');
    // RA 6 × (40 + 40) + SGD 2 × (3 + 135 + 10 + 120) + RTS 3 × (3 + 25 + 10 + 40)
    // + SST (12 + 75 + 600) + 23 min.
    expect(estimateBlueprintSeconds(parsed.blueprint)).toBe(480 + 536 + 234 + 687 + 1380);
  });
});
