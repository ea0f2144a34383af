import { describe, expect, it } from 'vitest';
import { ITEM_TYPE_CODES, itemTypes } from '../catalogue';
import { scoringProfiles } from '.';

describe('mock aggregation rules of each profile', () => {
  it.each(Object.values(scoringProfiles))(
    '$id: every type it scores has an item error',
    (profile) => {
      for (const type of Object.keys(profile.types)) {
        expect(profile.mock.itemSd[type as keyof typeof profile.mock.itemSd], type).toBeGreaterThan(
          0,
        );
      }
    },
  );

  it('open-answer speech (DI, RL, RTS, SGD) is the least certain type (issue 13)', () => {
    const { itemSd } = scoringProfiles['pte-2025-08'].mock;
    const open = ['DI', 'RL', 'RTS', 'SGD'] as const;
    const others = ITEM_TYPE_CODES.filter(
      (code) => itemTypes[code].isScored && !(open as readonly string[]).includes(code),
    );
    const least = Math.min(...open.map((type) => itemSd[type]!));
    for (const type of others) expect(itemSd[type]!, type).toBeLessThan(least);
  });

  it('an unscored item is as uncertain as a result anywhere on 10–90 (80/√12)', () => {
    expect(scoringProfiles['pte-2025-08'].mock.unscoredItemSd).toBeCloseTo(23.09, 2);
  });

  it('the skills profile has the eight categories, and every scored type falls in one at least', () => {
    const { skillsProfile } = scoringProfiles['pte-2025-08'].mock;
    expect(skillsProfile).toHaveLength(8);
    const covered = new Set(skillsProfile.flatMap((category) => category.types));
    for (const code of ITEM_TYPE_CODES.filter((c) => itemTypes[c].isScored)) {
      expect(covered.has(code), code).toBe(true);
    }
    // next-features §1.3: Reproducing = RA, RS, WFD.
    expect(skillsProfile.find((c) => c.id === 'reproducing')!.types).toEqual(['RA', 'RS', 'WFD']);
  });
});
