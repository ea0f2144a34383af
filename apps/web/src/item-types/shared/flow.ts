import {
  itemTypes,
  preparationSeconds,
  SPEAKING_RECORDING_RULES,
  countWords,
  type ItemTypeCode,
} from '@ninety/contract';
import { advanceSilence, initialSilenceState, type SilenceState } from '../../lib/audio/silence';
import { beginningIn } from './status-text';

/**
 * The speaking item on screen, as the test runs it (pte-rules "Speaking flow on screen"): the
 * prompt audio after its own countdown (RS, RL, ASQ, RTS, SGD), the preparation countdown
 * ("Beginning in N seconds"), a tone, "Recording" until the maximum time or 3 s of silence after
 * speech, then "Completed". A pure reducer so every transition is unit-tested; the runner's
 * useSpeakingTake only turns timers, the audio element and the microphone into actions.
 */

export type FlowPhase = 'waiting' | 'prompt' | 'prep' | 'tone' | 'recording' | 'completed';
/** `left`: the exam's Next before the recording began; the item is left unanswered. */
export type FlowStopReason = 'max-time' | 'silence' | 'manual' | 'microphone-lost' | 'left';

export interface FlowConfig {
  /** Countdown before the prompt audio plays; null when the item has no prompt audio. */
  promptDelaySeconds: number | null;
  prepSeconds: number;
  maxSeconds: number;
  silenceCutoffSeconds: number;
}

export interface FlowState {
  phase: FlowPhase;
  /** Seconds left on the current countdown (prompt audio delay or preparation). */
  secondsLeft: number;
  /** In the prompt phase: the countdown is over and the audio is playing. */
  isPromptPlaying: boolean;
  silence: SilenceState;
  stopReason: FlowStopReason | null;
  /** Counts the takes (a redo adds one): keys the audio element and the upload. */
  take: number;
}

export type FlowAction =
  | { type: 'start' }
  | { type: 'tick' }
  | { type: 'skip' }
  | { type: 'prompt-ended' }
  | { type: 'tone-ended' }
  | { type: 'block'; rms: number; seconds: number }
  | { type: 'stop' }
  /**
   * The exam's Next (pte-rules: Next only, asked first): a recording in progress stops as
   * `stop` stops it; before the tone the item is left unanswered.
   */
  | { type: 'next' }
  /** The wall clock passed the maximum time while blocks lagged (a stalled audio thread). */
  | { type: 'time-up' }
  /** The microphone went (unplugged, permission revoked, audio interrupted). */
  | { type: 'lost' }
  | { type: 'redo' };

export function initialFlowState(): FlowState {
  return {
    phase: 'waiting',
    secondsLeft: 0,
    isPromptPlaying: false,
    silence: initialSilenceState,
    stopReason: null,
    take: 0,
  };
}

/** The item's timing from the catalogue; RA's preparation depends on the text's length. */
export function flowConfigOf(type: ItemTypeCode, content: Record<string, unknown>): FlowConfig {
  const info = itemTypes[type];
  const text = typeof content['text'] === 'string' ? content['text'] : undefined;
  const hasAudio = typeof content['audio'] === 'object' && content['audio'] !== null;
  return {
    promptDelaySeconds: hasAudio && info.audio ? info.audio.autoStartDelaySeconds : null,
    prepSeconds: preparationSeconds(type, text === undefined ? undefined : countWords(text)),
    maxSeconds: info.timing.answerSeconds ?? 40,
    silenceCutoffSeconds: SPEAKING_RECORDING_RULES.silenceCutoffSeconds,
  };
}

/** After the prompt: the preparation countdown, or the tone at once when there is none (RS, ASQ). */
function afterPrompt(state: FlowState, config: FlowConfig): FlowState {
  return config.prepSeconds > 0
    ? { ...state, phase: 'prep', secondsLeft: config.prepSeconds, isPromptPlaying: false }
    : { ...state, phase: 'tone', secondsLeft: 0, isPromptPlaying: false };
}

function begin(state: FlowState, config: FlowConfig): FlowState {
  const fresh: FlowState = { ...initialFlowState(), take: state.take };
  if (config.promptDelaySeconds === null) return afterPrompt(fresh, config);
  if (config.promptDelaySeconds <= 0) return { ...fresh, phase: 'prompt', isPromptPlaying: true };
  return { ...fresh, phase: 'prompt', secondsLeft: config.promptDelaySeconds };
}

/** The learner ends the recording; at any other point nothing changes. */
function stopRecording(state: FlowState): FlowState {
  return state.phase === 'recording'
    ? { ...state, phase: 'completed', stopReason: 'manual' }
    : state;
}

export function flowReducer(config: FlowConfig) {
  return (state: FlowState, action: FlowAction): FlowState => {
    switch (action.type) {
      case 'start':
        return state.phase === 'waiting' ? begin(state, config) : state;
      case 'redo':
        return begin({ ...state, take: state.take + 1 }, config);
      case 'tick':
        if (state.phase === 'prompt' && !state.isPromptPlaying) {
          return state.secondsLeft <= 1
            ? { ...state, secondsLeft: 0, isPromptPlaying: true }
            : { ...state, secondsLeft: state.secondsLeft - 1 };
        }
        if (state.phase === 'prep') {
          return state.secondsLeft <= 1
            ? { ...state, phase: 'tone', secondsLeft: 0 }
            : { ...state, secondsLeft: state.secondsLeft - 1 };
        }
        return state;
      case 'skip':
        // Practice mode only: the waits can be skipped, the audio and the recording cannot.
        if (state.phase === 'prompt' && !state.isPromptPlaying) {
          return { ...state, secondsLeft: 0, isPromptPlaying: true };
        }
        if (state.phase === 'prep') return { ...state, phase: 'tone', secondsLeft: 0 };
        return state;
      case 'prompt-ended':
        return state.phase === 'prompt' ? afterPrompt(state, config) : state;
      case 'tone-ended':
        return state.phase === 'tone'
          ? { ...state, phase: 'recording', silence: initialSilenceState }
          : state;
      case 'block': {
        if (state.phase !== 'recording') return state;
        const step = advanceSilence(state.silence, action, {
          maxSeconds: config.maxSeconds,
          silenceCutoffSeconds: config.silenceCutoffSeconds,
        });
        return step.stop
          ? { ...state, silence: step.state, phase: 'completed', stopReason: step.stop }
          : { ...state, silence: step.state };
      }
      case 'next':
        // Before the tone the item is left unanswered; from then on Next is `stop`.
        return isUnderway(state.phase) && state.phase !== 'recording'
          ? {
              ...state,
              phase: 'completed',
              secondsLeft: 0,
              isPromptPlaying: false,
              stopReason: 'left',
            }
          : stopRecording(state);
      case 'stop':
        return stopRecording(state);
      case 'time-up':
        return state.phase === 'recording'
          ? { ...state, phase: 'completed', stopReason: 'max-time' }
          : state;
      case 'lost':
        // What was recorded stands, as if stopped by hand; before the recording, start again.
        if (state.phase === 'recording') {
          return { ...state, phase: 'completed', stopReason: 'microphone-lost' };
        }
        if (!isUnderway(state.phase)) return state;
        return { ...initialFlowState(), take: state.take + 1, stopReason: 'microphone-lost' };
    }
  };
}

/** Between the start and the end of a take: its countdowns, tone and recording. */
export function isUnderway(phase: FlowPhase): boolean {
  return phase !== 'waiting' && phase !== 'completed';
}

/** The status line of the recorder box, in the test's own English. */
export function recorderStatus(state: FlowState): string {
  switch (state.phase) {
    case 'waiting':
    case 'prompt':
      return 'Waiting';
    case 'prep':
      return beginningIn(state.secondsLeft);
    case 'tone':
      return beginningIn(0);
    case 'recording':
      return 'Recording';
    case 'completed':
      return 'Completed';
  }
}
