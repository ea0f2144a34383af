import { playWindow, type Cue, type PlayWindow } from './sentence-window';

/**
 * The sentence player's logic, on a plain `<audio>` element (next-features §4.3): one sentence at
 * a time, looped N times with a gap, at a speed with the pitch kept. Kept apart from React so it
 * is tested with fake media and fake timers.
 *
 * Loop ends: `timeupdate` fires only every ~250 ms, a whole word at speech rate. The end is
 * watched on every animation frame instead (`currentTime` follows the audio clock between
 * updates), and the player stops one frame early when the padding allows it, so it never runs
 * into the next sentence. A timer set for the expected end is the backstop when frames stop
 * (a hidden tab).
 */

/** What the player needs of an audio element: HTMLAudioElement fits. */
export interface PlayerMedia {
  currentTime: number;
  playbackRate: number;
  preservesPitch: boolean;
  readonly duration: number;
  readonly ended: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'pause', listener: () => void): void;
  removeEventListener(type: 'ended' | 'pause', listener: () => void): void;
}

export interface PlayerClock {
  requestFrame(callback: () => void): number;
  cancelFrame(id: number): void;
  setTimer(callback: () => void, ms: number): number;
  clearTimer(id: number): void;
}

export const browserClock: PlayerClock = {
  requestFrame: (callback) => window.requestAnimationFrame(callback),
  cancelFrame: (id) => window.cancelAnimationFrame(id),
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (id) => window.clearTimeout(id),
};

/** The speed ladder; number keys 1–5 pick a step. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5] as const;
export type Speed = (typeof SPEEDS)[number];

/** How many times a sentence plays; Infinity loops until stopped. */
export const REPEATS = [1, 3, 5, Infinity] as const;
export type Repeat = (typeof REPEATS)[number];

/** The silence between two passes of a looped sentence: time to say or write it. */
export const LOOP_GAP_MS = 1500;

/** One animation frame at 60 Hz: how far the audio may run between two checks (at 1×). */
const FRAME_SECONDS = 1 / 60;
/** The backstop timer fires this long after the expected end (frames normally stop it first). */
const BACKSTOP_SLACK_MS = 40;

export type PlayerStatus = 'idle' | 'playing' | 'gap' | 'paused';

export interface PlayerSnapshot {
  index: number;
  status: PlayerStatus;
  /** Passes of the current sentence started in this run (1 while the first plays). */
  pass: number;
  repeat: Repeat;
  speed: Speed;
  /** The browser refused to play (no user gesture yet, or the audio failed to load). */
  isBlocked: boolean;
}

export interface SentencePlayerOptions {
  clock?: PlayerClock;
  /** A whole run (all passes of a sentence) has ended by itself, not stopped by the learner. */
  onRunEnd?: (index: number) => void;
}

export class SentencePlayer {
  private media: PlayerMedia | null = null;
  private cues: readonly Cue[] = [];
  private readonly clock: PlayerClock;
  private onRunEnd: ((index: number) => void) | undefined;
  private snapshot: PlayerSnapshot = {
    index: 0,
    status: 'idle',
    pass: 0,
    repeat: 1,
    speed: 1,
    isBlocked: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly runEndListeners = new Set<(index: number) => void>();
  private frame: number | null = null;
  private backstop: number | null = null;
  private gapTimer: number | null = null;
  /** Set while the player itself pauses the media, so its `pause` event is not the learner's. */
  private isPausing = false;
  /** The passes of the current run when the caller set them, else the repeat setting. */
  private runPasses: Repeat | null = null;

  constructor(options: SentencePlayerOptions = {}) {
    this.clock = options.clock ?? browserClock;
    this.onRunEnd = options.onRunEnd;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlayerSnapshot => this.snapshot;

  /** Who hears that a run ended by itself (replaced as the page's handler changes). */
  setRunEndListener(listener: ((index: number) => void) | undefined): void {
    this.onRunEnd = listener;
  }

  /**
   * Another listener of runs that ended by itself, beside the page's (shadowing records when its
   * sentence has played); returns the unsubscribe.
   */
  addRunEndListener(listener: (index: number) => void): () => void {
    this.runEndListeners.add(listener);
    return () => this.runEndListeners.delete(listener);
  }

  /** Connects the audio element (null when it leaves the page: everything stops). */
  attach(media: PlayerMedia | null): void {
    if (media === this.media) return;
    this.stop();
    this.media?.removeEventListener('ended', this.handleEnded);
    this.media?.removeEventListener('pause', this.handleExternalPause);
    this.media = media;
    if (!media) return;
    media.addEventListener('ended', this.handleEnded);
    media.addEventListener('pause', this.handleExternalPause);
    this.applySpeed();
  }

  setCues(cues: readonly Cue[]): void {
    this.stop();
    this.cues = cues;
    if (this.snapshot.index >= cues.length) this.update({ index: 0 });
  }

  get sentenceCount(): number {
    return this.cues.length;
  }

  /** Shows a sentence without playing it (progress restored from the server). */
  select(index: number): void {
    if (!this.isValid(index)) return;
    this.stop();
    this.update({ index });
  }

  /**
   * Plays a sentence from its start, as many passes as the repeat setting says, or `passes`
   * for this run only (the original after the learner's recording plays once).
   */
  play(index: number = this.snapshot.index, passes?: Repeat): void {
    if (!this.media || !this.isValid(index)) return;
    this.clearTimers();
    this.runPasses = passes ?? null;
    this.update({ index, pass: 0 });
    this.startPass();
  }

  /** Space: pause a sentence playing (or its gap), else resume it, else play it. */
  toggle(): void {
    const { status } = this.snapshot;
    if (status === 'playing' || status === 'gap') {
      this.pause();
    } else if (status === 'paused' && this.media) {
      const window = this.window();
      const at = this.media.currentTime;
      if (at >= window.start && at < window.end) this.resume();
      else this.play();
    } else {
      this.play();
    }
  }

  /** R: the current sentence again from its start, a fresh run. */
  replay(): void {
    this.play(this.snapshot.index);
  }

  next(): void {
    if (this.isValid(this.snapshot.index + 1)) this.play(this.snapshot.index + 1);
  }

  previous(): void {
    if (this.isValid(this.snapshot.index - 1)) this.play(this.snapshot.index - 1);
  }

  setSpeed(speed: Speed): void {
    this.update({ speed });
    this.applySpeed();
    // The backstop was timed at the old speed.
    if (this.snapshot.status === 'playing') this.armBackstop();
  }

  setRepeat(repeat: Repeat): void {
    this.update({ repeat });
  }

  pause(): void {
    if (this.snapshot.status === 'idle') return;
    this.clearTimers();
    this.pauseMedia();
    this.update({ status: 'paused' });
  }

  /** Stops everything, leaving the current sentence selected. */
  stop(): void {
    this.clearTimers();
    if (this.snapshot.status === 'playing') this.pauseMedia();
    if (this.snapshot.status !== 'idle') this.update({ status: 'idle', pass: 0 });
  }

  /** The play window of a sentence (its padded cue). */
  window(index: number = this.snapshot.index): PlayWindow {
    return playWindow(this.cues, index, this.media?.duration);
  }

  dispose(): void {
    this.attach(null);
    this.listeners.clear();
  }

  private isValid(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && index < this.cues.length;
  }

  private update(patch: Partial<PlayerSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private applySpeed(): void {
    if (!this.media) return;
    this.media.playbackRate = this.snapshot.speed;
    // Pitch kept at every speed (the default, set anyway: some browsers remember a page's choice).
    this.media.preservesPitch = true;
  }

  private startPass(): void {
    const media = this.media;
    if (!media) return;
    media.currentTime = this.window().start;
    this.update({ pass: this.snapshot.pass + 1 });
    this.resume();
  }

  private resume(): void {
    const media = this.media;
    if (!media) return;
    this.applySpeed();
    this.update({ status: 'playing', isBlocked: false });
    let started: Promise<void>;
    try {
      started = Promise.resolve(media.play());
    } catch (error) {
      started = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    started.catch(() => {
      // Refused (autoplay policy, a source that failed): the learner presses play again.
      if (this.snapshot.status !== 'playing') return;
      this.clearTimers();
      this.update({ status: 'paused', isBlocked: true });
    });
    this.watch();
  }

  /** Checks the position every frame; the backstop covers frames that never come. */
  private watch(): void {
    if (this.frame !== null) this.clock.cancelFrame(this.frame);
    const check = () => {
      this.frame = null;
      if (this.snapshot.status !== 'playing') return;
      if (this.hasReachedEnd()) this.endPass();
      else this.frame = this.clock.requestFrame(check);
    };
    this.frame = this.clock.requestFrame(check);
    this.armBackstop();
  }

  private armBackstop(): void {
    const media = this.media;
    if (!media) return;
    if (this.backstop !== null) this.clock.clearTimer(this.backstop);
    const left = Math.max(0, this.window().end - media.currentTime) / this.snapshot.speed;
    this.backstop = this.clock.setTimer(
      () => {
        this.backstop = null;
        if (this.snapshot.status !== 'playing') return;
        if (this.hasReachedEnd()) this.endPass();
        else this.armBackstop();
      },
      left * 1000 + BACKSTOP_SLACK_MS,
    );
  }

  /**
   * At the end, or within one frame of it: stopping a frame early cuts at most a frame of the
   * padding after the last word, never the word; without padding (touching cues) it stops on the
   * end itself.
   */
  private hasReachedEnd(): boolean {
    const media = this.media;
    if (!media) return true;
    const cue = this.cues[this.snapshot.index];
    const window = this.window();
    const padding = cue ? Math.max(0, window.end - cue.end) : 0;
    const margin = Math.min(padding, FRAME_SECONDS * this.snapshot.speed);
    return media.currentTime >= window.end - margin;
  }

  private endPass(): void {
    this.clearTimers();
    this.pauseMedia();
    const { pass, index } = this.snapshot;
    if (pass < (this.runPasses ?? this.snapshot.repeat)) {
      this.update({ status: 'gap' });
      this.gapTimer = this.clock.setTimer(() => {
        this.gapTimer = null;
        if (this.snapshot.status === 'gap') this.startPass();
      }, LOOP_GAP_MS);
      return;
    }
    this.update({ status: 'idle', pass: 0 });
    this.onRunEnd?.(index);
    for (const listener of [...this.runEndListeners]) listener(index);
  }

  private pauseMedia(): void {
    if (!this.media) return;
    this.isPausing = true;
    try {
      this.media.pause();
    } finally {
      this.isPausing = false;
    }
  }

  private clearTimers(): void {
    if (this.frame !== null) this.clock.cancelFrame(this.frame);
    if (this.backstop !== null) this.clock.clearTimer(this.backstop);
    if (this.gapTimer !== null) this.clock.clearTimer(this.gapTimer);
    this.frame = null;
    this.backstop = null;
    this.gapTimer = null;
  }

  /** The audio ran out before the window's end (the last sentence): the pass is over. */
  private handleEnded = (): void => {
    if (this.snapshot.status === 'playing') this.endPass();
  };

  /** Paused from outside (media keys, another tab's audio): follow it. */
  private handleExternalPause = (): void => {
    if (this.isPausing || this.snapshot.status !== 'playing') return;
    // The audio's end pauses it just before `ended` fires: that is the pass ending.
    if (this.media?.ended || this.hasReachedEnd()) {
      this.endPass();
      return;
    }
    this.clearTimers();
    this.update({ status: 'paused' });
  };
}
