import type { PlayerClock, PlayerMedia } from '../player/sentence-player';

/**
 * An audio element for unit tests whose position moves with Vitest's fake clock at its playback
 * rate, and a player clock whose frames come every 16 ms of that clock. Test-only.
 */
export class FakeMedia implements PlayerMedia {
  playbackRate = 1;
  preservesPitch = false;
  paused = true;
  ended = false;
  /** Every position the player sought to, in order. */
  readonly seeks: number[] = [];
  /** What play() answers: a browser may refuse. */
  refusePlay = false;
  private base = 0;
  private since = 0;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(readonly duration: number) {}

  get currentTime(): number {
    if (this.paused) return this.base;
    return Math.min(
      this.duration,
      this.base + ((Date.now() - this.since) / 1000) * this.playbackRate,
    );
  }

  set currentTime(seconds: number) {
    this.base = seconds;
    this.since = Date.now();
    this.ended = false;
    this.seeks.push(seconds);
  }

  play(): Promise<void> {
    if (this.refusePlay) return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    this.base = this.currentTime;
    this.since = Date.now();
    this.paused = false;
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.base = this.currentTime;
    this.paused = true;
    this.emit('pause');
  }

  /** The audio ran to its end: paused, then `ended`, as browsers do. */
  runOut(): void {
    this.base = this.duration;
    this.paused = true;
    this.ended = true;
    this.emit('pause');
    this.emit('ended');
  }

  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  emit(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

export const fakeClock = (options: { framesStop?: boolean } = {}): PlayerClock => ({
  requestFrame: (callback) =>
    options.framesStop ? -1 : (setTimeout(callback, 16) as unknown as number),
  cancelFrame: (id) => clearTimeout(id),
  setTimer: (callback, ms) => setTimeout(callback, ms) as unknown as number,
  clearTimer: (id) => clearTimeout(id),
});
