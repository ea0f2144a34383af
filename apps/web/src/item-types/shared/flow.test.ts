import { describe, expect, it } from 'vitest';
import {
  flowConfigOf,
  flowReducer,
  initialFlowState,
  recorderStatus,
  type FlowAction,
  type FlowConfig,
  type FlowState,
} from './flow';

const withAudio: FlowConfig = {
  promptDelaySeconds: 3,
  prepSeconds: 10,
  maxSeconds: 40,
  silenceCutoffSeconds: 3,
};
const textOnly: FlowConfig = { ...withAudio, promptDelaySeconds: null, prepSeconds: 2 };

const run = (config: FlowConfig, actions: FlowAction[], from = initialFlowState()): FlowState =>
  actions.reduce(flowReducer(config), from);
const times = <T>(count: number, action: T): T[] => Array.from({ length: count }, () => action);
const block = (rms: number): FlowAction => ({ type: 'block', rms, seconds: 0.05 });

describe('the speaking flow', () => {
  it('waits for the learner to start', () => {
    const state = run(withAudio, [{ type: 'tick' }, { type: 'tone-ended' }, block(0.1)]);
    expect(state.phase).toBe('waiting');
    expect(recorderStatus(state)).toBe('Waiting');
  });

  it('runs waiting → prompt → prep → tone → recording → completed for an audio item', () => {
    const reduce = flowReducer(withAudio);
    let state = reduce(initialFlowState(), { type: 'start' });
    expect(state).toMatchObject({ phase: 'prompt', secondsLeft: 3, isPromptPlaying: false });
    state = run(withAudio, times(3, { type: 'tick' }), state);
    expect(state).toMatchObject({ phase: 'prompt', isPromptPlaying: true });
    // Ticks while the audio plays change nothing: the audio's end moves on.
    state = run(withAudio, times(5, { type: 'tick' }), state);
    expect(state.phase).toBe('prompt');
    state = reduce(state, { type: 'prompt-ended' });
    expect(state).toMatchObject({ phase: 'prep', secondsLeft: 10 });
    expect(recorderStatus(state)).toBe('Beginning in 10 seconds');
    state = run(withAudio, times(9, { type: 'tick' }), state);
    expect(recorderStatus(state)).toBe('Beginning in 1 second');
    state = reduce(state, { type: 'tick' });
    expect(state.phase).toBe('tone');
    // Speech before the tone is not captured.
    expect(reduce(state, block(0.5))).toBe(state);
    state = reduce(state, { type: 'tone-ended' });
    expect(recorderStatus(state)).toBe('Recording');
    state = run(withAudio, [...times(20, block(0.1)), ...times(60, block(0))], state);
    expect(state).toMatchObject({ phase: 'completed', stopReason: 'silence' });
    expect(state.silence.elapsedSeconds).toBeCloseTo(4);
    expect(recorderStatus(state)).toBe('Completed');
  });

  it('goes from a text prompt straight to preparation', () => {
    const state = run(textOnly, [{ type: 'start' }]);
    expect(state).toMatchObject({ phase: 'prep', secondsLeft: 2 });
  });

  it('sounds the tone right after the audio when there is no preparation (RS, ASQ)', () => {
    const config = { ...withAudio, prepSeconds: 0 };
    const state = run(config, [{ type: 'start' }, { type: 'skip' }, { type: 'prompt-ended' }]);
    expect(state.phase).toBe('tone');
  });

  it('lets the learner skip the waits but not the audio or the recording', () => {
    let state = run(withAudio, [{ type: 'start' }, { type: 'skip' }]);
    expect(state).toMatchObject({ phase: 'prompt', isPromptPlaying: true });
    state = run(withAudio, [{ type: 'skip' }], state);
    expect(state).toMatchObject({ phase: 'prompt', isPromptPlaying: true });
    state = run(withAudio, [{ type: 'prompt-ended' }, { type: 'skip' }], state);
    expect(state.phase).toBe('tone');
    state = run(withAudio, [{ type: 'tone-ended' }, { type: 'skip' }], state);
    expect(state.phase).toBe('recording');
  });

  it('stops at the maximum time', () => {
    const config = { ...textOnly, maxSeconds: 2 };
    const state = run(config, [
      { type: 'start' },
      { type: 'skip' },
      { type: 'tone-ended' },
      ...times(100, block(0.2)),
    ]);
    expect(state).toMatchObject({ phase: 'completed', stopReason: 'max-time' });
    expect(state.silence.elapsedSeconds).toBeCloseTo(2);
  });

  it('does not stop for silence before any speech', () => {
    const state = run(textOnly, [
      { type: 'start' },
      { type: 'skip' },
      { type: 'tone-ended' },
      ...times(100, block(0)),
    ]);
    expect(state.phase).toBe('recording');
  });

  it('lets the learner finish early', () => {
    const state = run(textOnly, [
      { type: 'start' },
      { type: 'skip' },
      { type: 'tone-ended' },
      block(0.1),
      { type: 'stop' },
    ]);
    expect(state).toMatchObject({ phase: 'completed', stopReason: 'manual' });
  });

  it("the exam's Next stops a recording, and before the tone leaves the item unanswered", () => {
    const recording = run(textOnly, [{ type: 'start' }, { type: 'skip' }, { type: 'tone-ended' }]);
    expect(run(textOnly, [{ type: 'next' }], recording)).toMatchObject({
      phase: 'completed',
      stopReason: 'manual',
    });
    // The prompt's countdown, its audio, the preparation and the tone: nothing recorded yet.
    const before: FlowState[] = [
      run(withAudio, [{ type: 'start' }]),
      run(withAudio, [{ type: 'start' }, ...times<FlowAction>(3, { type: 'tick' })]),
      run(textOnly, [{ type: 'start' }]),
      run(textOnly, [{ type: 'start' }, { type: 'skip' }]),
    ];
    expect(before.map((state) => state.phase)).toEqual(['prompt', 'prompt', 'prep', 'tone']);
    for (const state of before) {
      const left = run(withAudio, [{ type: 'next' }], state);
      expect(left).toMatchObject({
        phase: 'completed',
        stopReason: 'left',
        isPromptPlaying: false,
      });
      // Nothing after it records: the tone's end and blocks change nothing.
      expect(run(withAudio, [{ type: 'tone-ended' }, block(0.3)], left)).toBe(left);
    }
    // Before the item starts and after it ends there is nothing to leave.
    const waiting = initialFlowState();
    expect(run(textOnly, [{ type: 'next' }], waiting)).toBe(waiting);
    const done = run(textOnly, [{ type: 'next' }], recording);
    expect(run(textOnly, [{ type: 'next' }], done)).toBe(done);
  });

  it('ends the recording by the wall clock when the blocks stop coming', () => {
    const recording = run(textOnly, [
      { type: 'start' },
      { type: 'skip' },
      { type: 'tone-ended' },
      block(0.2),
    ]);
    expect(run(textOnly, [{ type: 'time-up' }], recording)).toMatchObject({
      phase: 'completed',
      stopReason: 'max-time',
    });
    // Only a recording is ended that way.
    const prep = run(textOnly, [{ type: 'start' }]);
    expect(run(textOnly, [{ type: 'time-up' }], prep)).toBe(prep);
  });

  it('a lost microphone keeps what was recorded, or starts the item again before recording', () => {
    const recording = run(textOnly, [
      { type: 'start' },
      { type: 'skip' },
      { type: 'tone-ended' },
      ...times(40, block(0.2)),
    ]);
    const lost = run(textOnly, [{ type: 'lost' }], recording);
    expect(lost).toMatchObject({ phase: 'completed', stopReason: 'microphone-lost' });
    expect(lost.silence.elapsedSeconds).toBeCloseTo(2);

    const prep = run(withAudio, [{ type: 'start' }, { type: 'skip' }, { type: 'prompt-ended' }]);
    expect(run(withAudio, [{ type: 'lost' }], prep)).toMatchObject({
      phase: 'waiting',
      stopReason: 'microphone-lost',
      take: 1,
    });
    const waiting = initialFlowState();
    expect(run(withAudio, [{ type: 'lost' }], waiting)).toBe(waiting);
    expect(run(withAudio, [{ type: 'lost' }], lost)).toBe(lost);
    // Starting again clears the warning.
    const again = run(withAudio, [{ type: 'lost' }, { type: 'start' }], prep);
    expect(again).toMatchObject({ phase: 'prompt', stopReason: null });
  });

  it('starts again on redo, with a new take', () => {
    const done = run(textOnly, [
      { type: 'start' },
      { type: 'skip' },
      { type: 'tone-ended' },
      { type: 'stop' },
    ]);
    const again = run(textOnly, [{ type: 'redo' }], done);
    expect(again).toMatchObject({ phase: 'prep', secondsLeft: 2, stopReason: null, take: 1 });
    expect(again.silence.elapsedSeconds).toBe(0);
  });
});

describe('flowConfigOf', () => {
  it('reads the timing from the catalogue', () => {
    expect(flowConfigOf('RS', { audio: { src: 'a.mp3', durationSeconds: 5 } })).toEqual({
      promptDelaySeconds: 3,
      prepSeconds: 0,
      maxSeconds: 15,
      silenceCutoffSeconds: 3,
    });
    expect(flowConfigOf('DI', { image: {} })).toMatchObject({
      promptDelaySeconds: null,
      prepSeconds: 25,
      maxSeconds: 40,
    });
    expect(flowConfigOf('SGD', { audio: { src: 'a.mp3', durationSeconds: 90 } })).toMatchObject({
      prepSeconds: 10,
      maxSeconds: 120,
    });
  });

  it("times RA's preparation by the text's length", () => {
    const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');
    expect(flowConfigOf('RA', { text: words(30) }).prepSeconds).toBe(30);
    expect(flowConfigOf('RA', { text: words(55) }).prepSeconds).toBe(40);
  });
});
