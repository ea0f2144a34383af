/**
 * When the microphone closes: at the item's maximum time, or after a stretch of silence once the
 * learner has started speaking (pte-rules: "The microphone closes after 3 s of silence";
 * `silenceCutoffSeconds` in the catalogue). Silence before any speech does not stop the recording.
 */

/** Blocks quieter than this RMS count as silence: about −42 dBFS, above a quiet room's hiss. */
export const SPEECH_RMS_THRESHOLD = 0.008;
/** Speech must last this long to count, so a click or a cough does not arm the cutoff. */
export const MIN_SPEECH_SECONDS = 0.15;

export interface SilenceOptions {
  maxSeconds: number;
  silenceCutoffSeconds: number;
  speechRms?: number;
  minSpeechSeconds?: number;
}

export interface SilenceState {
  elapsedSeconds: number;
  /** Loud time in the current run; speech counts as started once it reaches the minimum. */
  loudSeconds: number;
  hasSpeech: boolean;
  /** Quiet time since the last speech. */
  silentSeconds: number;
}

export type StopReason = 'max-time' | 'silence';

export const initialSilenceState: SilenceState = {
  elapsedSeconds: 0,
  loudSeconds: 0,
  hasSpeech: false,
  silentSeconds: 0,
};

/** Feeds one block (its RMS and length); `stop` says whether and why recording ends now. */
export function advanceSilence(
  state: SilenceState,
  block: { rms: number; seconds: number },
  options: SilenceOptions,
): { state: SilenceState; stop: StopReason | null } {
  const threshold = options.speechRms ?? SPEECH_RMS_THRESHOLD;
  const minSpeech = options.minSpeechSeconds ?? MIN_SPEECH_SECONDS;
  const elapsedSeconds = state.elapsedSeconds + block.seconds;
  const isLoud = block.rms >= threshold;
  const loudSeconds = isLoud ? state.loudSeconds + block.seconds : 0;
  const hasSpeech = state.hasSpeech || loudSeconds >= minSpeech - 1e-9;
  const silentSeconds = isLoud ? 0 : state.silentSeconds + block.seconds;
  const next = { elapsedSeconds, loudSeconds, hasSpeech, silentSeconds };
  // A small tolerance: blocks of 0.05 s add up to 2.9999999 rather than 3.
  if (elapsedSeconds >= options.maxSeconds - 1e-6) return { state: next, stop: 'max-time' };
  if (hasSpeech && silentSeconds >= options.silenceCutoffSeconds - 1e-6) {
    return { state: next, stop: 'silence' };
  }
  return { state: next, stop: null };
}
