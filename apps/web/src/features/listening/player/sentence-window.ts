/**
 * Where one sentence is played from and to. Forced-alignment cues sit on the first and last
 * phone, so a sentence played exactly from cue to cue clips the onset of its first word and the
 * release of its last. Each side is padded (0.25 s before, 0.2 s after, as listening players do:
 * next-features §4.1), but never past the middle of the silence to the neighbouring sentence, so
 * no word of the next or the previous sentence leaks in.
 */

export interface Cue {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
}

export interface PlayWindow {
  start: number;
  end: number;
}

export const PAD_BEFORE_SECONDS = 0.25;
export const PAD_AFTER_SECONDS = 0.2;

export function playWindow(cues: readonly Cue[], index: number, duration?: number): PlayWindow {
  const cue = cues[index];
  if (!cue) throw new RangeError(`no sentence ${index}`);
  const previous = cues[index - 1];
  const next = cues[index + 1];
  const before = previous
    ? Math.min(PAD_BEFORE_SECONDS, Math.max(0, (cue.start - previous.end) / 2))
    : PAD_BEFORE_SECONDS;
  const after = next
    ? Math.min(PAD_AFTER_SECONDS, Math.max(0, (next.start - cue.end) / 2))
    : PAD_AFTER_SECONDS;
  const end = cue.end + after;
  return {
    start: Math.max(0, cue.start - before),
    end:
      duration !== undefined && Number.isFinite(duration) && duration > 0
        ? Math.min(duration, end)
        : end,
  };
}

/** The sentence playing at a time (the last one started), for a click on the seek position. */
export function cueAt(cues: readonly Cue[], seconds: number): number {
  let found = 0;
  cues.forEach((cue, index) => {
    if (cue.start <= seconds) found = index;
  });
  return found;
}
