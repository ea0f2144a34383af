import { describe, expect, it } from 'vitest';
import { neighboursIn, parseSequenceSource } from './item-sequence';

describe('the list an exercise was opened from (?from=)', () => {
  it('reads a question list with its filters and page', () => {
    const source = parseSequenceSource('/question-list/WFD/2?type=4&keyword=river');
    expect(source).toMatchObject({
      kind: 'list',
      path: '/question-list/WFD/2?type=4&keyword=river',
      filters: { code: 'WFD', page: 2, type: 4, keyword: 'river' },
    });
  });

  it('reads a favourites folder, with or without a type', () => {
    expect(parseSequenceSource('/tools/favorites/details?id=2&code=RO')).toMatchObject({
      kind: 'favorites',
      label: 2,
      code: 'RO',
    });
    expect(parseSequenceSource('/tools/favorites/details')).toMatchObject({
      label: -1,
      code: null,
    });
  });

  it.each([
    ['nothing', null],
    ['another site', 'https://example.com/question-list/WFD/1'],
    ['a protocol-relative link', '//example.com/question-list/WFD/1'],
    ['an unknown type', '/question-list/XYZ/1'],
    ['a page that is not a list', '/vip'],
  ])('ignores %s', (_case, from) => {
    expect(parseSequenceSource(from)).toBeNull();
  });
});

describe('neighbours on one page', () => {
  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it.each([
    ['a', 0, null, 'b'],
    ['b', 1, 'a', 'c'],
    ['c', 2, 'b', null],
    ['x', -1, null, null],
  ])('%s → index %i, previous %s, next %s', (id, index, previous, next) => {
    const found = neighboursIn(items, id);
    expect(found.index).toBe(index);
    expect(found.previous?.id ?? null).toBe(previous);
    expect(found.next?.id ?? null).toBe(next);
  });
});
