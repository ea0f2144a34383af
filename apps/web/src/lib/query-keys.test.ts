import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

describe('queryKeys', () => {
  it('puts every key of an area under its `all` key, so invalidating that refreshes them all', () => {
    const areas = [
      [queryKeys.auth.all, Object.values(queryKeys.auth)],
      [
        queryKeys.bank.all,
        [
          queryKeys.bank.hierarchy,
          queryKeys.bank.list({}),
          queryKeys.bank.search('a'),
          queryKeys.bank.highFrequency(undefined),
        ],
      ],
      [
        queryKeys.practice.all,
        [
          queryKeys.practice.item('x'),
          queryKeys.practice.answer('x'),
          queryKeys.practice.attempts('x'),
        ],
      ],
      [queryKeys.favorites.all, [queryKeys.favorites.list(1, 1)]],
      [
        queryKeys.wordLookup.all,
        [queryKeys.wordLookup.book(1), queryKeys.wordLookup.entry('Word')],
      ],
    ] as const;
    for (const [all, keys] of areas) {
      for (const key of keys) expect(startsWith(key, all), String(key)).toBe(true);
    }
  });

  it('lets a change to a share or a list reach every page and origin of it', () => {
    expect(
      startsWith(
        queryKeys.comments.sharedAnswersPage('ra-1', 'new', 2),
        queryKeys.comments.sharedAnswers('ra-1'),
      ),
    ).toBe(true);
    expect(
      startsWith(queryKeys.comments.shareDetail('7', 'ra-1'), queryKeys.comments.detail('7')),
    ).toBe(true);
  });
});
