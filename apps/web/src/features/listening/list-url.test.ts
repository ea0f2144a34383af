import { describe, expect, it } from 'vitest';
import { filtersFromSearch, materialPath, searchOf } from './list-url';

describe('list URL', () => {
  it('reads the known filters and drops anything else', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams(
          'source=WFD&topic=science&length=short&difficulty=3&progress=done&keyword=%20cell%20&page=2&x=1',
        ),
      ),
    ).toEqual({
      source: 'WFD',
      topic: 'science',
      length: 'short',
      difficulty: 3,
      progress: 'done',
      keyword: 'cell',
      page: 2,
    });
    expect(
      filtersFromSearch(new URLSearchParams('source=XX&difficulty=9&progress=maybe&page=-1')),
    ).toEqual({ page: 1 });
  });

  it('writes the filters back without defaults, keeping the tab', () => {
    const search = searchOf(
      { page: 1, source: 'passage', keyword: 'climate' },
      new URLSearchParams('tab=review&source=WFD'),
    );
    expect(search.toString()).toBe('tab=review&source=passage&keyword=climate');
    expect(materialPath('lp-0001')).toBe('/IntensiveListening/ListeningListDetails?id=lp-0001');
  });
});
