import { itemTypes, type ExamedResult, type ItemDetail } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { joinBlocks } from '../../lib/audio/capture';
import { measureLevel } from '../../lib/audio/level';
import { useMicrophone } from '../../lib/audio/use-microphone';
import { useObjectUrl } from '../../lib/audio/use-object-url';
import { CAPTURE_SAMPLE_RATE, encodeWav } from '../../lib/audio/wav';
import {
  flowReducer,
  initialFlowState,
  isUnderway,
  type FlowAction,
  type FlowConfig,
  type FlowState,
} from '../shared/flow';
import type { SpeakingItemType, SpeakingTypeCode } from '../types';
import type { RunnerPolicy } from './policy';

/** The recording ends by the wall clock this long after its maximum if the blocks stop coming. */
const WALL_CLOCK_SLACK_SECONDS = 2;

/** One recorded answer, ready to be stored and scored. */
export interface RecordedTake {
  itemId: string;
  /** PCM16 mono 16 kHz WAV (speech-engine §7.2). */
  wav: Blob;
  timeSpentSeconds: number;
  /** One per recording, kept across retries: a retried upload is stored once. */
  idempotencyKey: string;
  /** Aborted on redo or when the item leaves the page. */
  signal: AbortSignal;
}

export interface SpeakingTakeOptions<C extends SpeakingTypeCode> {
  item: ItemDetail;
  type: SpeakingItemType<C>;
  policy: RunnerPolicy;
  /**
   * Stores and scores a recording (not called for PI, which is never scored); null: stored, with
   * no result to show (a mock exam).
   */
  onRecorded: (take: RecordedTake) => Promise<ExamedResult | null>;
  /** Asked before the microphone opens; false stops (the practice page asks for sign-in). */
  gate?: () => boolean | Promise<boolean>;
  /**
   * The item is over: its recording stored and scored (null: PI, kept on the page only, or an
   * exam item left before its recording).
   */
  onDone?: (result: ExamedResult | null) => void;
}

export type PromptStage = 'before' | 'countdown' | 'playing' | 'done';

function promptStage(state: FlowState): PromptStage {
  if (state.phase === 'waiting') return 'before';
  if (state.phase === 'prompt') return state.isPromptPlaying ? 'playing' : 'countdown';
  return 'done';
}

/**
 * One speaking item's takes: the flow (shared/flow.ts) driven by timers, the prompt audio, the tone
 * and the microphone; the WAV cut where the flow stopped, played back and sent to `onRecorded`.
 * Starting takes a click in practice (it lets the browser start sound); an exam starts by itself.
 */
export function useSpeakingTake<C extends SpeakingTypeCode>({
  item,
  type,
  policy,
  onRecorded,
  gate,
  onDone,
}: SpeakingTakeOptions<C>) {
  const info = itemTypes[type.code];
  const content = item.content as Parameters<SpeakingItemType<C>['flowConfig']>[0];
  const config: FlowConfig = useMemo(() => type.flowConfig(content), [type, content]);
  const reducer = useMemo(() => flowReducer(config), [config]);
  const [state, dispatch] = useReducer(reducer, undefined, initialFlowState);
  // The same reducer run eagerly: capture callbacks (50 ms blocks, faster than renders) must know
  // at once whether a block ended the recording. Every action goes through `act`, so both agree.
  const flow = useRef<FlowState>(state);
  const mic = useMicrophone();
  const microphone = mic.microphone;
  const closeMicrophone = mic.close;
  const blocks = useRef<Float32Array[]>([]);
  const startedAt = useRef(0);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [playbackUrl, setPlayback] = useObjectUrl();
  const attemptKey = useRef('');
  const uploading = useRef<AbortController | null>(null);
  const submit = useMutation({ mutationFn: onRecorded });

  const send = (wav: Blob) => {
    uploading.current?.abort();
    const controller = new AbortController();
    uploading.current = controller;
    submit.mutate(
      {
        itemId: item.id,
        wav,
        timeSpentSeconds: Math.round((Date.now() - startedAt.current) / 1000),
        idempotencyKey: attemptKey.current,
        signal: controller.signal,
      },
      { onSuccess: (result) => onDone?.(result) },
    );
  };

  /** The recording has stopped: the WAV cut where the flow stopped, playback, the upload. */
  const finish = (done: FlowState) => {
    const samples = joinBlocks(blocks.current).subarray(
      0,
      Math.round(done.silence.elapsedSeconds * CAPTURE_SAMPLE_RATE),
    );
    closeMicrophone();
    // A microphone lost within the first second left nothing worth scoring or spending a use on.
    if (done.stopReason === 'microphone-lost' && done.silence.elapsedSeconds < 1) return;
    const wav = new Blob([encodeWav(samples)], { type: 'audio/wav' });
    setRecording(wav);
    setPlayback(wav);
    if (info.isScored) send(wav);
    else onDone?.(null);
  };

  const act = (action: FlowAction) => {
    const before = flow.current;
    const after = reducer(before, action);
    flow.current = after;
    dispatch(action);
    if (before.phase === 'recording' && after.phase === 'completed') finish(after);
    // Left before the tone (the exam's Next): nothing was recorded, and the item is done.
    if (after.stopReason === 'left' && before.phase !== 'completed') {
      closeMicrophone();
      onDone?.(null);
    }
    if (before.phase !== 'waiting' && after.phase === 'waiting') closeMicrophone();
  };

  const begin = async (action: 'start' | 'redo') => {
    if (gate && !(await gate())) return;
    uploading.current?.abort();
    submit.reset();
    setRecording(null);
    setPlayback(null);
    blocks.current = [];
    // The microphone opens before the countdown, so a permission prompt never eats answer time.
    const opened = await mic.open();
    if (!opened) return;
    attemptKey.current = crypto.randomUUID();
    startedAt.current = Date.now();
    act({ type: action });
  };

  // An exam starts the item by itself, once (a strict-mode remount keeps the ref).
  const hasStarted = useRef(false);
  useEffect(() => {
    if (!policy.startsByItself || hasStarted.current) return;
    hasStarted.current = true;
    void begin('start');
    // Only on arrival; begin reads the latest state through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [policy.startsByItself]);

  // Countdowns: the prompt audio's delay and the preparation, one second at a time.
  const isCounting = (state.phase === 'prompt' && !state.isPromptPlaying) || state.phase === 'prep';
  useEffect(() => {
    if (!isCounting) return;
    const timer = setTimeout(() => act({ type: 'tick' }), 1000);
    return () => clearTimeout(timer);
    // act is recreated each render; the countdown's own values drive this timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isCounting, state.secondsLeft, state.take]);

  // The tone that opens the microphone.
  useEffect(() => {
    if (state.phase !== 'tone' || !microphone) return;
    let isCurrent = true;
    void microphone.tone().then(() => {
      if (isCurrent) act({ type: 'tone-ended' });
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.take, microphone]);

  // Recording: keep each 16 kHz block and let the flow decide when to stop (time or silence).
  useEffect(() => {
    if (state.phase !== 'recording' || !microphone) return;
    blocks.current = [];
    const unsubscribe = microphone.listen((block) => {
      blocks.current.push(block);
      act({
        type: 'block',
        rms: measureLevel(block).rms,
        seconds: block.length / CAPTURE_SAMPLE_RATE,
      });
    });
    return () => {
      unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.take, microphone]);

  // The audio thread can stall (a suspended context) and stop sending blocks: the wall clock
  // still ends the recording, a little after the blocks should have.
  useEffect(() => {
    if (state.phase !== 'recording') return;
    const timer = setTimeout(
      () => act({ type: 'time-up' }),
      (config.maxSeconds + WALL_CLOCK_SLACK_SECONDS) * 1000,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.take, config.maxSeconds]);

  // A microphone unplugged or taken away mid-item: stop, keep what was recorded, say why.
  const isMicrophoneInUse = isUnderway(state.phase);
  useEffect(() => {
    if (!isMicrophoneInUse || !microphone) return;
    return microphone.onLost(() => act({ type: 'lost' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isMicrophoneInUse, microphone]);

  useEffect(() => () => uploading.current?.abort(), []);

  const recordedPercent =
    state.phase === 'recording' || state.phase === 'completed'
      ? Math.min(100, Math.round((state.silence.elapsedSeconds / config.maxSeconds) * 100))
      : 0;

  return {
    state,
    config,
    mic,
    /** Sends a flow action (skip, stop); the timers, audio and microphone send the rest. */
    act,
    /** Starts the item, or a redo: sign-in gate, microphone, then the flow. */
    start: () => void begin('start'),
    redo: () => void begin('redo'),
    isCounting,
    promptStage: promptStage(state),
    recordedPercent,
    /** The last recording, kept for playback and for sending again. */
    recording,
    playbackUrl,
    /** The upload and its score (pending, error, data). */
    submission: submit,
    resend: () => {
      if (recording) send(recording);
    },
  };
}
