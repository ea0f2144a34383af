import { describe, expect, it } from 'vitest';
import { listQueryParams } from './api/list-items';
import { filtersFromUrl, listUrl } from './list-url';

describe('the question list URL', () => {
  it('reads defaults from a bare URL', () => {
    expect(filtersFromUrl('RA', '1', new URLSearchParams())).toEqual({
      code: 'RA',
      page: 1,
      perPage: 20,
      updTopic: 0,
      isFull: 0,
      practiceStatus: 0,
      type: 1,
      color: '',
      hotSort: 0,
      isReal: 0,
      keyword: '',
    });
  });

  it('round-trips every filter and leaves defaults out', () => {
    const filters = filtersFromUrl(
      'WFD',
      '3',
      new URLSearchParams(
        'updTopic=1&isFull=2&practiceStatus=1&type=4&color=-1&hotSort=2&isReal=1&keyword=coral',
      ),
    );
    expect(listUrl(filters)).toBe(
      '/question-list/WFD/3?updTopic=1&isFull=2&practiceStatus=1&type=4&color=-1&hotSort=2&isReal=1&keyword=coral',
    );
    expect(
      listUrl({
        ...filters,
        updTopic: 0,
        isFull: 0,
        practiceStatus: 0,
        type: 1,
        color: '',
        hotSort: 0,
        isReal: 0,
        keyword: '',
        page: 1,
      }),
    ).toBe('/question-list/WFD/1');
  });

  it('falls back to defaults for values the spec does not define', () => {
    const filters = filtersFromUrl(
      'RA',
      'x',
      new URLSearchParams('updTopic=7&type=2&color=9&hotSort=-1'),
    );
    expect(filters).toMatchObject({ page: 1, updTopic: 0, type: 1, color: '', hotSort: 0 });
  });
});

describe('the list query (spec §7)', () => {
  it('drops falsy isFull, code, updTopic and isReal but keeps the other zeros', () => {
    const params = listQueryParams(filtersFromUrl('RA', '1', new URLSearchParams()));
    expect(params).toEqual({
      code: 'RA',
      page: 1,
      perPage: 20,
      practiceStatus: 0,
      type: 1,
      hotSort: 0,
      color: '',
    });
    expect(params).not.toHaveProperty('isFull');
    expect(params).not.toHaveProperty('updTopic');
    expect(params).not.toHaveProperty('isReal');
  });

  it('sends isReal=1 when only 真题 are asked for', () => {
    const filters = filtersFromUrl('RA', '1', new URLSearchParams('isReal=1'));
    expect(listQueryParams(filters)).toMatchObject({ isReal: 1 });
  });
});
