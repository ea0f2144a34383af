/**
 * Streaming resampler for the capture worklet. The scorer wants 16 kHz mono; browsers that refuse
 * `new AudioContext({ sampleRate: 16000 })` (Firefox has, historically) run at the device rate, so
 * the worklet converts itself. Pure functions: the worklet keeps the state between 128-frame blocks.
 *
 * Downsampling averages the input samples within one output period around each output instant (a
 * box low-pass then decimation): cheap, and it keeps most of the aliasing out of the speech band.
 * Upsampling interpolates linearly.
 */

export interface ResamplerState {
  readonly fromRate: number;
  readonly toRate: number;
  /** Input samples not yet fully used (the window of the next output sample reaches into them). */
  readonly carry: Float32Array;
  /** Position of the next output instant, in input samples from the start of `carry`. */
  readonly position: number;
}

export function createResampler(fromRate: number, toRate: number): ResamplerState {
  if (!(fromRate > 0 && toRate > 0)) throw new RangeError('sample rates must be positive');
  return { fromRate, toRate, carry: new Float32Array(0), position: 0 };
}

/** Resamples one block; `flush` also emits the samples whose window runs past the block's end. */
export function resampleBlock(
  state: ResamplerState,
  input: Float32Array,
  flush = false,
): { state: ResamplerState; output: Float32Array } {
  const { fromRate, toRate } = state;
  const buffer = new Float32Array(state.carry.length + input.length);
  buffer.set(state.carry);
  buffer.set(input, state.carry.length);
  if (fromRate === toRate) {
    return { state: { ...state, carry: new Float32Array(0), position: 0 }, output: buffer };
  }
  const ratio = fromRate / toRate;
  const half = ratio / 2;
  const output: number[] = [];
  let position = state.position;
  const last = buffer.length - 1;
  for (;;) {
    if (ratio > 1) {
      const end = Math.floor(position + half);
      if (end > last && !(flush && position <= last)) break;
      const start = Math.max(0, Math.ceil(position - half));
      const stop = Math.min(end, last);
      let sum = 0;
      for (let i = start; i <= stop; i++) sum += buffer[i]!;
      output.push(stop >= start ? sum / (stop - start + 1) : 0);
    } else {
      const index = Math.floor(position);
      if (index + 1 > last && !(flush && index <= last)) break;
      const next = index + 1 <= last ? buffer[index + 1]! : buffer[index]!;
      const fraction = position - index;
      output.push(buffer[index]! * (1 - fraction) + next * fraction);
    }
    position += ratio;
  }
  // Keep what the next window still needs; positions become relative to the kept part.
  const drop = flush
    ? buffer.length
    : Math.max(0, Math.min(buffer.length, Math.floor(position - (ratio > 1 ? half : 0))));
  return {
    state: { ...state, carry: buffer.slice(drop), position: flush ? 0 : position - drop },
    output: Float32Array.from(output),
  };
}

/** Resamples a whole recording at once. */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  return resampleBlock(createResampler(fromRate, toRate), input, true).output;
}
