import workletUrl from './capture-worklet.ts?worker&url';
import type { CaptureWorkletOptions } from './capture-worklet';
import { trackLabel } from './devices';
import { CAPTURE_SAMPLE_RATE } from './wav';

/** Must match CAPTURE_PROCESSOR in the worklet (importing it would pull the worklet in here). */
const CAPTURE_PROCESSOR = 'ninety-capture';
/** 50 ms blocks: a smooth meter and a silence cutoff within 50 ms. */
export const CAPTURE_BLOCK_SIZE = 800;

/**
 * Echo cancellation, noise suppression and gain control off: they smear and pump the signal the
 * scorer measures (speech-engine §7.2).
 */
export const CAPTURE_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
};

export interface Microphone {
  readonly stream: MediaStream;
  /** The device in use (spec §8: '' when its info fails, null with no audio track). */
  readonly label: string | null;
  /** The AudioContext's rate: 16000, or the device rate where the browser refused 16 kHz. */
  readonly contextRate: number;
  /** Receives every 16 kHz block (800 samples) from now on; returns the unsubscribe. */
  listen(listener: (block: Float32Array) => void): () => void;
  /** The tone that opens the recording; resolves when it has finished. */
  tone(seconds?: number): Promise<void>;
  /**
   * Called once if the microphone goes while open: the device unplugged, the permission taken
   * back, or the audio interrupted (a phone call on iOS). Returns the unsubscribe.
   */
  onLost(listener: () => void): () => void;
  close(): void;
}

/** Asks for the microphone and starts the capture graph. Rejects with getUserMedia's error. */
export async function openMicrophone(deviceId?: string): Promise<Microphone> {
  if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('mediaDevices unavailable');
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: deviceId
      ? { ...CAPTURE_CONSTRAINTS, deviceId: { exact: deviceId } }
      : CAPTURE_CONSTRAINTS,
  });
  try {
    return await connect(stream);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error;
  }
}

/** The context and source: 16 kHz where the browser allows it, else the device's own rate. */
function openContext(stream: MediaStream): [AudioContext, MediaStreamAudioSourceNode] {
  let context: AudioContext | undefined;
  try {
    // Chromium resamples the stream to the context's rate itself, the cleanest path.
    context = new AudioContext({ sampleRate: CAPTURE_SAMPLE_RATE });
    return [context, context.createMediaStreamSource(stream)];
  } catch {
    // Firefox has refused a stream at a rate other than the device's: run native, resample
    // inside. The refused context is closed: browsers cap how many may stay open.
    void context?.close().catch(() => undefined);
    const native = new AudioContext();
    try {
      return [native, native.createMediaStreamSource(stream)];
    } catch (error) {
      void native.close().catch(() => undefined);
      throw error;
    }
  }
}

async function connect(stream: MediaStream): Promise<Microphone> {
  const [context, source] = openContext(stream);
  try {
    return await wire(stream, context, source);
  } catch (error) {
    // A worklet that would not load must not leave its audio thread behind.
    await context.close().catch(() => undefined);
    throw error;
  }
}

async function wire(
  stream: MediaStream,
  context: AudioContext,
  source: MediaStreamAudioSourceNode,
): Promise<Microphone> {
  await context.audioWorklet.addModule(workletUrl);
  const processorOptions: CaptureWorkletOptions = {
    inputRate: context.sampleRate,
    targetRate: CAPTURE_SAMPLE_RATE,
    blockSize: CAPTURE_BLOCK_SIZE,
  };
  const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    channelCount: 1,
    channelCountMode: 'explicit',
    processorOptions,
  });
  // A muted path to the output keeps the graph pulling the worklet without playing the voice back.
  const mute = context.createGain();
  mute.gain.value = 0;
  source.connect(node).connect(mute).connect(context.destination);
  // Opened after a click this resumes at once; without one the caller shows a start button.
  if (context.state === 'suspended') await context.resume().catch(() => undefined);

  const listeners = new Set<(block: Float32Array) => void>();
  node.port.onmessage = (event: MessageEvent<Float32Array>) => {
    for (const listener of listeners) listener(event.data);
  };

  let closed = false;
  const lostListeners = new Set<() => void>();
  let isLost = false;
  const lose = () => {
    if (closed || isLost) return;
    isLost = true;
    for (const listener of [...lostListeners]) listener();
  };
  const tracks = stream.getAudioTracks();
  for (const track of tracks) track.addEventListener('ended', lose);
  // 'interrupted' is Safari's state for an audio session taken by the system.
  const onState = () => {
    const state: string = context.state;
    if (state === 'closed' || state === 'interrupted') lose();
  };
  context.addEventListener('statechange', onState);
  return {
    stream,
    label: trackLabel(stream),
    contextRate: context.sampleRate,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tone(seconds = 0.4) {
      if (closed) return Promise.resolve();
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = 1000;
      // Short fades avoid clicks at either end.
      const start = context.currentTime;
      gain.gain.setValueAtTime(0, start);
      gain.gain.linearRampToValueAtTime(0.3, start + 0.02);
      gain.gain.setValueAtTime(0.3, start + seconds - 0.03);
      gain.gain.linearRampToValueAtTime(0, start + seconds);
      oscillator.connect(gain).connect(context.destination);
      return new Promise<void>((resolve) => {
        oscillator.onended = () => resolve();
        // The context's clock may not run (no audio output in a VM): a timer ends the tone anyway.
        setTimeout(resolve, seconds * 1000 + 100);
        oscillator.start(start);
        oscillator.stop(start + seconds);
      });
    },
    onLost(listener) {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      lostListeners.clear();
      for (const track of tracks) track.removeEventListener('ended', lose);
      context.removeEventListener('statechange', onState);
      listeners.clear();
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      for (const track of stream.getTracks()) track.stop();
      void context.close().catch(() => undefined);
    },
  };
}

/** Joins the recorded blocks into one buffer. */
export function joinBlocks(blocks: readonly Float32Array[]): Float32Array {
  const total = blocks.reduce((sum, block) => sum + block.length, 0);
  const joined = new Float32Array(total);
  let offset = 0;
  for (const block of blocks) {
    joined.set(block, offset);
    offset += block.length;
  }
  return joined;
}
