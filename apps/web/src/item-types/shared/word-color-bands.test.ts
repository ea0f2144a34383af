import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetHttpState } from '../../lib/http';
import { sessionKeys } from '../../lib/storage-keys';
import { fetchWordColors, heldWordColors } from './word-color-bands';

const server = [
  { id: 3, start: 0, end: 70, color: '#ff4d4f', status: 0 },
  { id: 1, start: 85, end: 100, color: '#52c41a', status: 2 },
  { id: 2, start: 70, end: 85, color: '#595959', status: 1 },
];

afterEach(() => {
  vi.unstubAllGlobals();
  resetHttpState();
  sessionStorage.clear();
});

describe('fetchWordColors (spec §7 GET /api/voice/getColor)', () => {
  it('fetches when none are held, sorts by start descending and holds them in sessionStorage', async () => {
    const fetchStub = vi.fn(async (_input: RequestInfo | URL) => Response.json({ data: server }));
    vi.stubGlobal('fetch', fetchStub);
    const bands = await fetchWordColors();
    expect(bands.map((band) => band.start)).toEqual([85, 70, 0]);
    expect(String(fetchStub.mock.calls[0]?.[0])).toBe('/api/voice/getColor');
    expect(heldWordColors()).toEqual(bands);
  });

  it('does not call the server when bands are held', async () => {
    sessionStorage.setItem(sessionKeys.wordColors, JSON.stringify(server));
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    expect(await fetchWordColors()).toEqual(server);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('fetches again when what is held cannot be read', async () => {
    sessionStorage.setItem(sessionKeys.wordColors, '{not json');
    const fetchStub = vi.fn(async () => Response.json({ data: server }));
    vi.stubGlobal('fetch', fetchStub);
    await fetchWordColors();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});
