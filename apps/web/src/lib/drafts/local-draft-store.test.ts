import { afterEach, describe, expect, it } from 'vitest';
import { createLocalDraftStore } from './local-draft-store';

/** A Storage that holds at most `capacity` characters (keys and values), as a browser's quota. */
class LimitedStorage implements Storage {
  private readonly items = new Map<string, string>();
  constructor(private readonly capacity: number) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce(
      (sum, [k, v]) => (k === key ? sum : sum + k.length + v.length),
      0,
    );
    if (used + key.length + value.length > this.capacity) {
      throw new DOMException('full', 'QuotaExceededError');
    }
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const draft = (text: string, savedAt = 1_000) => ({
  answer: { text },
  elapsedSeconds: 12,
  savedAt,
});

describe('createLocalDraftStore', () => {
  afterEach(() => localStorage.clear());

  it('keeps a draft under its own prefix as versioned JSON', () => {
    const store = createLocalDraftStore({ now: () => 2_000 });
    store.save('practice:7', draft('half an essay'));

    expect(store.get('practice:7')).toEqual(draft('half an essay'));
    expect(JSON.parse(localStorage.getItem('answerDraft:practice:7')!)).toEqual({
      v: 1,
      ...draft('half an essay'),
    });
    store.clear('practice:7');
    expect(store.get('practice:7')).toBeNull();
    expect(localStorage.getItem('answerDraft:practice:7')).toBeNull();
  });

  it.each([
    ['not JSON', '{"v":1,'],
    ['another version', JSON.stringify({ v: 2, ...draft('x') })],
    ['no answer', JSON.stringify({ v: 1, elapsedSeconds: 1, savedAt: 1 })],
    ['a negative time', JSON.stringify({ v: 1, answer: {}, elapsedSeconds: -1, savedAt: 1 })],
    ['an array', '[1,2]'],
    ['null', 'null'],
  ])('reads %s as no draft, and removes it', (_, text) => {
    localStorage.setItem('answerDraft:practice:7', text);
    const store = createLocalDraftStore();

    expect(store.get('practice:7')).toBeNull();
    expect(localStorage.getItem('answerDraft:practice:7')).toBeNull();
  });

  it('lets a draft older than its age limit go', () => {
    let now = 1_000;
    const store = createLocalDraftStore({ now: () => now, maxAgeMs: 60_000 });
    store.save('practice:7', draft('old', 1_000));

    now = 61_000;
    expect(store.get('practice:7')).not.toBeNull();
    now = 61_001;
    expect(store.get('practice:7')).toBeNull();
  });

  it('does not keep a draft longer than its size limit, nor the older version of it', () => {
    const store = createLocalDraftStore({ maxChars: 100 });
    store.save('practice:7', draft('short'));
    store.save('practice:7', draft('x'.repeat(100)));

    expect(store.get('practice:7')).toBeNull();
  });

  it('keeps at most maxDrafts drafts, letting the least recently saved go', () => {
    const store = createLocalDraftStore({ maxDrafts: 2, now: () => 5_000 });
    store.save('a', draft('a', 3_000));
    store.save('b', draft('b', 1_000));
    store.save('c', draft('c', 4_000));

    expect(store.get('a')).not.toBeNull();
    expect(store.get('b')).toBeNull();
    expect(store.get('c')).not.toBeNull();
    // Saving a draft again is not one more draft.
    store.save('c', draft('c2', 4_500));
    expect(store.get('a')).not.toBeNull();
  });

  it('leaves entries outside its prefix alone', () => {
    localStorage.setItem('token', 'abc');
    const store = createLocalDraftStore({ maxDrafts: 1 });
    store.save('a', draft('a'));
    store.save('b', draft('b'));

    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('makes room in a full storage by letting older drafts go', () => {
    const storage = new LimitedStorage(250);
    const store = createLocalDraftStore({ storage: () => storage, now: () => 5_000 });
    store.save('a', draft('a'.repeat(40), 1_000));
    store.save('b', draft('b'.repeat(40), 2_000));

    store.save('c', draft('c'.repeat(40), 3_000));

    expect(store.get('a')).toBeNull();
    expect(store.get('b')).not.toBeNull();
    expect(store.get('c')).not.toBeNull();
  });

  it('gives up quietly when even an empty storage cannot take the draft', () => {
    const storage = new LimitedStorage(20);
    const store = createLocalDraftStore({ storage: () => storage });

    expect(() => store.save('a', draft('too long for this storage'))).not.toThrow();
    expect(store.get('a')).toBeNull();
  });

  it('never throws when storage is unavailable or refuses every call', () => {
    const refusing = {
      get length(): number {
        throw new Error('denied');
      },
      key: () => {
        throw new Error('denied');
      },
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
      clear: () => {},
    } as Storage;
    for (const store of [
      createLocalDraftStore({ storage: () => null }),
      createLocalDraftStore({ storage: () => refusing }),
    ]) {
      expect(() => store.save('a', draft('a'))).not.toThrow();
      expect(store.get('a')).toBeNull();
      expect(() => store.clear('a')).not.toThrow();
    }
  });

  it('does not keep an answer that cannot be written as JSON', () => {
    const store = createLocalDraftStore();
    expect(() =>
      store.save('a', { answer: { n: BigInt(1) }, elapsedSeconds: 0, savedAt: 0 }),
    ).not.toThrow();
    expect(store.get('a')).toBeNull();
  });
});
