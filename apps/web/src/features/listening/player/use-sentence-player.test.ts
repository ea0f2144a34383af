import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMedia, fakeClock } from '../testing/fake-media';
import { useSentencePlayer } from './use-sentence-player';

const cues = [
  { start: 0.5, end: 2.0 },
  { start: 2.6, end: 4.0 },
];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useSentencePlayer', () => {
  it('binds the player to the audio element and re-renders on each change of state', () => {
    const onRunEnd = vi.fn();
    const clock = fakeClock();
    const { result, unmount } = renderHook(() => useSentencePlayer({ cues, onRunEnd, clock }));
    const media = new FakeMedia(4.5);
    act(() => result.current.audioRef(media as unknown as HTMLAudioElement));
    act(() => result.current.player.play(1));
    expect(result.current.snapshot).toMatchObject({ index: 1, status: 'playing', pass: 1 });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.snapshot.status).toBe('idle');
    expect(onRunEnd).toHaveBeenCalledWith(1);
    act(() => result.current.player.setSpeed(0.75));
    expect(result.current.snapshot.speed).toBe(0.75);
    expect(media.playbackRate).toBe(0.75);
    // The element leaving the page stops the player.
    act(() => result.current.player.play(0));
    act(() => result.current.audioRef(null));
    expect(result.current.snapshot.status).toBe('idle');
    expect(media.paused).toBe(true);
    unmount();
  });
});
