import { describe, expect, it } from 'vitest';
import { BankSnapshot, WeightedLru, type SnapshotItem } from './bank-snapshot';

const item = (type: string, number: number, fields: Partial<SnapshotItem> = {}): SnapshotItem => ({
  id: `${type.toLowerCase()}-${number}`,
  type,
  number,
  title: `${type} ${number}`,
  difficulty: 1,
  topics: [],
  updatedOn: '2026-11-01',
  isFull: true,
  ...fields,
});

// In the database's (type, number, id) order, as loadBankSnapshotRows reads them.
const snapshot = new BankSnapshot(
  7,
  [
    item('RA', 1, { updatedOn: '2026-11-20' }),
    item('RA', 2, { isFull: false }),
    item('RA', 3),
    item('WFD', 1),
    item('WFD', 3),
  ],
  [
    { week: '2026-W47', itemId: 'ra-1' },
    { week: '2026-W40', itemId: 'ra-3' },
    { week: '2026-W49', itemId: 'wfd-3' },
    { week: '2026-W47', itemId: 'gone-1' },
  ],
);
const ids = (indices: ArrayLike<number>) =>
  Array.from(indices, (index) => snapshot.items[index]!.id);

describe('BankSnapshot', () => {
  it('filters one type or all, by date, completeness and weekly lists', () => {
    expect(ids(snapshot.select({ week: '2026-W47', code: 'RA' }, null))).toEqual([
      'ra-1',
      'ra-2',
      'ra-3',
    ]);
    expect(ids(snapshot.select({ week: null, updatedSince: '2026-11-16' }, null))).toEqual([
      'ra-1',
    ]);
    expect(ids(snapshot.select({ week: null, isFull: false }, null))).toEqual(['ra-2']);
    const only = { week: '2026-W47', highFrequency: 'only' } as const;
    expect(ids(snapshot.select(only, null))).toEqual(['ra-1']);
    const exclude = { week: '2026-W47', highFrequency: 'exclude', code: 'WFD' } as const;
    expect(ids(snapshot.select(exclude, null))).toEqual(['wfd-1', 'wfd-3']);
    // Ever listed up to the week: a list of a later week does not count yet.
    expect(ids(snapshot.select({ week: '2026-W47', everListed: true }, null))).toEqual([
      'ra-1',
      'ra-3',
    ]);
    expect(snapshot.weeksUpTo('2026-W48', 8)).toEqual(['2026-W47', '2026-W40']);
    expect(snapshot.isOnWeek(snapshot.indexOf('ra-1')!, '2026-W47')).toBe(true);
  });

  it('keeps only the matches that pass the other filters, in bank order', () => {
    const matches = snapshot.indicesOf(['wfd-1', 'ra-3', 'unknown', 'ra-1']);
    expect(ids(matches)).toEqual(['ra-1', 'ra-3', 'wfd-1']);
    expect(ids(snapshot.select({ week: null, code: 'RA', matches }, 'k'))).toEqual([
      'ra-1',
      'ra-3',
    ]);
    expect(ids(snapshot.numbered(3))).toEqual(['ra-3', 'wfd-3']);
  });

  it('pages a search in two tiers and caps the count', () => {
    const strong = snapshot.indicesOf(['wfd-3']);
    const any = snapshot.indicesOf(['ra-1', 'ra-3', 'wfd-3']);
    expect(ids(snapshot.searchPage(strong, any, { offset: 0, limit: 2 }).indices)).toEqual([
      'wfd-3',
      'ra-1',
    ]);
    const second = snapshot.searchPage(strong, any, { offset: 2, limit: 2 });
    expect(ids(second.indices)).toEqual(['ra-3']);
    expect(second).toMatchObject({ total: 3, totalCapped: false });
  });

  it('counts per type', () => {
    expect(Object.fromEntries(snapshot.countsByType('2026-W47', '2026-11-16'))).toEqual({
      RA: { total: 3, highFrequency: 1, recent: 1 },
      WFD: { total: 2, highFrequency: 0, recent: 0 },
    });
  });
});

describe('WeightedLru', () => {
  it('drops the least recently used entries past its weight', () => {
    const lru = new WeightedLru<number[]>(5, (list) => list.length);
    lru.set('a', [1, 2]);
    lru.set('b', [1, 2]);
    expect(lru.get('a')).toEqual([1, 2]);
    lru.set('c', [1, 2]);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toEqual([1, 2]);
    lru.set('huge', [1, 2, 3, 4, 5, 6]);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('c')).toEqual([1, 2]);
  });
});
