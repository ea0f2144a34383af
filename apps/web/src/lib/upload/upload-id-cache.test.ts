import { describe, expect, it } from 'vitest';
import { localKeys } from '../storage-keys';
import { createUploadIdCache } from './upload-id-cache';

class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  failWrites = false;
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
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const DAY = 24 * 60 * 60 * 1000;

function setUp() {
  const storage = new MemoryStorage();
  let now = 1_700_000_000_000;
  const cache = createUploadIdCache(
    () => storage,
    () => now,
  );
  return { storage, cache, advance: (ms: number) => (now += ms) };
}

describe('the upload id cache (spec §9: 50 entries, 30 days)', () => {
  it('remembers and forgets an upload by file fingerprint', () => {
    const { cache } = setUp();
    cache.remember('a', 'upload-a');
    expect(cache.get('a')).toBe('upload-a');
    expect(cache.get('b')).toBeNull();
    cache.forget('a');
    expect(cache.get('a')).toBeNull();
  });

  it('keeps the newest 50', () => {
    const { cache, storage, advance } = setUp();
    for (let index = 0; index < 55; index += 1) {
      cache.remember(`file-${index}`, `upload-${index}`);
      advance(1000);
    }
    const stored = JSON.parse(storage.getItem(localKeys.uploadIds)!) as object;
    expect(Object.keys(stored)).toHaveLength(50);
    expect(cache.get('file-4')).toBeNull();
    expect(cache.get('file-5')).toBe('upload-5');
    expect(cache.get('file-54')).toBe('upload-54');
  });

  it('drops entries older than 30 days', () => {
    const { cache, advance } = setUp();
    cache.remember('old', 'upload-old');
    advance(29 * DAY);
    expect(cache.get('old')).toBe('upload-old');
    advance(DAY);
    expect(cache.get('old')).toBeNull();
    cache.remember('new', 'upload-new');
    expect(cache.get('new')).toBe('upload-new');
  });

  it('survives a full storage and a damaged entry', () => {
    const { cache, storage } = setUp();
    storage.setItem(
      localKeys.uploadIds,
      '{"a":{"uploadId":1},"b":"x","c":{"uploadId":"u","savedAt":1700000000000}}',
    );
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')).toBe('u');
    storage.setItem(localKeys.uploadIds, 'not json');
    expect(cache.get('c')).toBeNull();
    storage.failWrites = true;
    expect(() => cache.remember('d', 'upload-d')).not.toThrow();
  });
});
