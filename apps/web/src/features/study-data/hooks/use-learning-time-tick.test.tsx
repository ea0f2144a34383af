import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetHttpState } from '../../../lib/http';
import { localKeys } from '../../../lib/storage-keys';
import { queryKeys } from '../../../lib/query-keys';
import { readLearningDuration } from '../learning-duration';
import { useLearningTimeTick } from './use-learning-time-tick';

const stats = {
  date: '2026-11-22',
  todayMinutes: 1,
  totalMinutes: 1,
  todayPractices: 0,
  totalPractices: 0,
  studyDays: 1,
  recent: [],
};

let fetchStub: ReturnType<typeof vi.fn>;
let answer: () => Promise<Response>;
let queryClient: QueryClient;

function renderTick() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLearningTimeTick(), { wrapper });
}

const calls = () => fetchStub.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
const minute = () => act(() => vi.advanceTimersByTimeAsync(60_000));
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-22T02:00:20Z'));
  localStorage.clear();
  localStorage.setItem(localKeys.token, 'test-token');
  queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  answer = async () => Response.json({ data: stats });
  fetchStub = vi.fn(() => answer());
  vi.stubGlobal('fetch', fetchStub);
  setVisibility('visible');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetHttpState();
  localStorage.clear();
});

describe('useLearningTimeTick', () => {
  it('counts a minute every 60 s and sends 60 seconds for it', async () => {
    renderTick();
    await minute();
    expect(readLearningDuration()).toMatchObject({ date: '2026-11-22', today: 1, total: 1 });
    expect(calls()).toHaveLength(1);
    expect(calls()[0]!.pathname).toBe('/api/postsV2/saveTimedOrCount');
    expect(Object.fromEntries(calls()[0]!.searchParams)).toEqual({ type: '1', business: '60' });
    // The answer becomes the study-data page's figures.
    expect(queryClient.getQueryData(queryKeys.studyData.all)).toEqual(stats);

    await minute();
    expect(readLearningDuration()).toMatchObject({ today: 2, total: 2 });
    expect(calls()).toHaveLength(2);
  });

  it('counts nothing while the tab is hidden', async () => {
    renderTick();
    setVisibility('hidden');
    await minute();
    await minute();
    expect(readLearningDuration()).toBeNull();
    expect(calls()).toHaveLength(0);
    setVisibility('visible');
    await minute();
    expect(readLearningDuration()).toMatchObject({ today: 1 });
  });

  it('counts locally but sends nothing when signed out', async () => {
    localStorage.removeItem(localKeys.token);
    renderTick();
    await minute();
    expect(readLearningDuration()).toMatchObject({ today: 1 });
    expect(calls()).toHaveLength(0);
  });

  it('sends a minute the network lost with the next one', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderTick();
    await minute();
    answer = async () => Response.json({ data: stats });
    await minute();
    expect(calls().map((url) => url.searchParams.get('business'))).toEqual(['60', '120']);
  });

  it('stops when the page goes away', async () => {
    const view = renderTick();
    view.unmount();
    await minute();
    expect(calls()).toHaveLength(0);
  });
});
