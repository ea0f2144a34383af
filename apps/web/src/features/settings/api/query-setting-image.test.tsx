import { DEFAULT_PRACTICE_SETTINGS } from '@ninety/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetHttpState } from '../../../lib/http';
import { localKeys } from '../../../lib/storage-keys';
import { usePracticeSettings } from './query-setting-image';

function renderSettings() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePracticeSettings(), { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetHttpState();
  localStorage.clear();
});

describe('usePracticeSettings', () => {
  it('gives the defaults when signed out, without calling the API', () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    const { result } = renderSettings();
    expect(result.current).toEqual(DEFAULT_PRACTICE_SETTINGS);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('gives the defaults until the saved settings arrive, then those', async () => {
    localStorage.setItem(localKeys.token, 'test-token');
    const saved = { ...DEFAULT_PRACTICE_SETTINGS, playbackRate: 0.8, autoPlayAudio: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { ...saved, updatedAt: '2026-11-22T02:00:00Z' } })),
    );
    const { result } = renderSettings();
    expect(result.current).toEqual(DEFAULT_PRACTICE_SETTINGS);
    await waitFor(() => expect(result.current).toEqual(saved));
  });
});
