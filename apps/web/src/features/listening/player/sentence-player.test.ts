import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMedia, fakeClock } from '../testing/fake-media';
import { LOOP_GAP_MS, SentencePlayer } from './sentence-player';
import { cueAt, playWindow, type Cue } from './sentence-window';

// Three sentences with 0.6 s and 0.1 s of silence between them.
const cues: Cue[] = [
  { start: 0.5, end: 2.0 },
  { start: 2.6, end: 4.0 },
  { start: 4.1, end: 6.0 },
];

function setUp(options: { framesStop?: boolean; duration?: number } = {}) {
  const media = new FakeMedia(options.duration ?? 6.1);
  const onRunEnd = vi.fn();
  const player = new SentencePlayer({ clock: fakeClock(options), onRunEnd });
  player.attach(media);
  player.setCues(cues);
  return { media, player, onRunEnd };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('playWindow', () => {
  it('pads each cue by 0.25 s before and 0.2 s after, never past half the silence to a neighbour', () => {
    expect(playWindow(cues, 0)).toEqual({ start: 0.25, end: 2.2 });
    // 0.6 s of silence before: 0.25 s of it; 0.1 s after: only 0.05 s.
    expect(playWindow(cues, 1)).toEqual({ start: 2.35, end: 4.05 });
    expect(playWindow(cues, 2).start).toBeCloseTo(4.05);
    // The last sentence stops at the end of the audio.
    expect(playWindow(cues, 2, 6.1)).toEqual({ start: expect.closeTo(4.05), end: 6.1 });
  });

  it('finds the sentence at a time', () => {
    expect(cueAt(cues, 0)).toBe(0);
    expect(cueAt(cues, 3)).toBe(1);
    expect(cueAt(cues, 5.9)).toBe(2);
  });
});

describe('SentencePlayer', () => {
  it('plays one sentence from its padded start and stops before the next sentence begins', () => {
    const { media, player, onRunEnd } = setUp();
    player.play(1);
    expect(media.seeks).toEqual([2.35]);
    expect(player.getSnapshot()).toMatchObject({ index: 1, status: 'playing', pass: 1 });
    vi.advanceTimersByTime(1800);
    expect(player.getSnapshot().status).toBe('idle');
    expect(media.paused).toBe(true);
    // Stopped within the padding: the last word (to 4.0) whole, nothing of the next (from 4.1).
    expect(media.currentTime).toBeGreaterThanOrEqual(4.0);
    expect(media.currentTime).toBeLessThan(4.1);
    expect(onRunEnd).toHaveBeenCalledWith(1);
  });

  it('stops on the frame, not on timeupdate: well within a frame of the end at 1.5×', () => {
    const { media, player } = setUp();
    player.setSpeed(1.5);
    player.play(0);
    expect(media.playbackRate).toBe(1.5);
    expect(media.preservesPitch).toBe(true);
    let stoppedAt: number | null = null;
    for (let ms = 0; ms < 3000 && stoppedAt === null; ms += 1) {
      vi.advanceTimersByTime(1);
      if (media.paused) stoppedAt = media.currentTime;
    }
    expect(stoppedAt).not.toBeNull();
    // Cue end 2.0, window end 2.2: one frame at 1.5× is 25 ms of audio.
    expect(stoppedAt!).toBeGreaterThan(2.0);
    expect(stoppedAt!).toBeLessThanOrEqual(2.2 + 0.001);
    expect(stoppedAt!).toBeGreaterThanOrEqual(2.2 - 0.025 - 0.025);
  });

  it('loops a sentence N times with a gap between passes, then ends', () => {
    const { media, player, onRunEnd } = setUp();
    player.setRepeat(3);
    player.play(0);
    vi.advanceTimersByTime(2100);
    expect(player.getSnapshot()).toMatchObject({ status: 'gap', pass: 1 });
    expect(media.paused).toBe(true);
    vi.advanceTimersByTime(LOOP_GAP_MS);
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', pass: 2 });
    vi.advanceTimersByTime(2100 + LOOP_GAP_MS + 2100);
    expect(player.getSnapshot()).toMatchObject({ status: 'idle', pass: 0 });
    expect(media.seeks).toEqual([0.25, 0.25, 0.25]);
    expect(onRunEnd).toHaveBeenCalledTimes(1);
  });

  it('plays a run of one pass when asked (the original after the learner’s recording)', () => {
    const { media, player, onRunEnd } = setUp();
    player.setRepeat(5);
    player.play(0, 1);
    vi.advanceTimersByTime(2100 + LOOP_GAP_MS);
    expect(player.getSnapshot().status).toBe('idle');
    expect(media.seeks).toEqual([0.25]);
    expect(onRunEnd).toHaveBeenCalledTimes(1);
    // The setting itself is untouched for the next run.
    expect(player.getSnapshot().repeat).toBe(5);
  });

  it('tells other run-end listeners too, until they unsubscribe, and not of a stopped run', () => {
    const { player, onRunEnd } = setUp();
    const other = vi.fn();
    const unsubscribe = player.addRunEndListener(other);
    player.play(1);
    vi.advanceTimersByTime(1800);
    expect(other).toHaveBeenCalledWith(1);
    expect(onRunEnd).toHaveBeenCalledWith(1);
    player.play(0);
    player.stop();
    vi.advanceTimersByTime(2500);
    expect(other).toHaveBeenCalledTimes(1);
    unsubscribe();
    player.play(0);
    vi.advanceTimersByTime(2500);
    expect(other).toHaveBeenCalledTimes(1);
    expect(onRunEnd).toHaveBeenCalledTimes(2);
  });

  it('loops forever on ∞ until paused', () => {
    const { media, player, onRunEnd } = setUp();
    player.setRepeat(Infinity);
    player.play(0);
    vi.advanceTimersByTime(10 * (2000 + LOOP_GAP_MS));
    expect(media.seeks.length).toBeGreaterThanOrEqual(8);
    expect(onRunEnd).not.toHaveBeenCalled();
    player.toggle();
    expect(player.getSnapshot().status).toBe('paused');
    const seeks = media.seeks.length;
    vi.advanceTimersByTime(10_000);
    expect(media.seeks.length).toBe(seeks);
  });

  it('moves to the next and previous sentence, and not past either end', () => {
    const { media, player } = setUp();
    player.play(0);
    player.next();
    expect(player.getSnapshot().index).toBe(1);
    player.next();
    player.next();
    expect(player.getSnapshot().index).toBe(2);
    player.previous();
    player.previous();
    player.previous();
    expect(player.getSnapshot().index).toBe(0);
    expect(media.seeks).toEqual([0.25, 2.35, expect.closeTo(4.05), 2.35, 0.25]);
  });

  it('pauses and resumes mid-sentence; R plays it again from its start', () => {
    const { media, player } = setUp();
    player.play(0);
    vi.advanceTimersByTime(800);
    player.toggle();
    expect(player.getSnapshot().status).toBe('paused');
    const at = media.currentTime;
    player.toggle();
    expect(player.getSnapshot().status).toBe('playing');
    expect(media.currentTime).toBeCloseTo(at);
    player.replay();
    expect(media.seeks.at(-1)).toBe(0.25);
  });

  it('still ends the sentence when animation frames stop (a hidden tab), by the backstop timer', () => {
    const { media, player } = setUp({ framesStop: true });
    player.setSpeed(0.5);
    player.play(0);
    vi.advanceTimersByTime(3000);
    expect(player.getSnapshot().status).toBe('playing');
    vi.advanceTimersByTime(1000);
    expect(player.getSnapshot().status).toBe('idle');
    expect(media.currentTime).toBeLessThan(2.6);
  });

  it('ends the last sentence when the audio runs out', () => {
    const { media, player, onRunEnd } = setUp({ framesStop: true });
    player.play(2);
    media.runOut();
    expect(player.getSnapshot().status).toBe('idle');
    expect(onRunEnd).toHaveBeenCalledWith(2);
  });

  it('follows a pause from outside (media keys) without ending the run', () => {
    const { media, player, onRunEnd } = setUp();
    player.play(0);
    vi.advanceTimersByTime(500);
    media.pause();
    expect(player.getSnapshot().status).toBe('paused');
    expect(onRunEnd).not.toHaveBeenCalled();
  });

  it('says so when the browser refuses to play', async () => {
    const { media, player } = setUp();
    media.refusePlay = true;
    player.play(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(player.getSnapshot()).toMatchObject({ status: 'paused', isBlocked: true });
  });

  it('selects a sentence without playing it (progress restored)', () => {
    const { media, player } = setUp();
    player.select(2);
    expect(player.getSnapshot()).toMatchObject({ index: 2, status: 'idle' });
    expect(media.seeks).toEqual([]);
    player.select(7);
    expect(player.getSnapshot().index).toBe(2);
  });
});
