/**
 * The AudioWorklet that turns microphone input into 16 kHz mono blocks. It runs in the audio
 * thread's own global scope, which has no DOM types, hence the declarations below. Vite bundles it
 * on its own (imported with `?worker&url` in capture.ts), with the resampler inlined.
 */
import { createResampler, resampleBlock, type ResamplerState } from './resample';

declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions?: CaptureWorkletOptions }) => AudioWorkletProcessor,
): void;

export interface CaptureWorkletOptions {
  /** The context's rate; the worklet resamples to `targetRate` when they differ. */
  inputRate: number;
  targetRate: number;
  /** Samples (at the target rate) per posted block: 800 is 50 ms at 16 kHz. */
  blockSize: number;
}

export const CAPTURE_PROCESSOR = 'ninety-capture';

class CaptureProcessor extends AudioWorkletProcessor {
  private resampler: ResamplerState;
  private readonly blockSize: number;
  private pending: Float32Array;
  private filled = 0;

  constructor(options: { processorOptions?: CaptureWorkletOptions }) {
    super();
    const { inputRate, targetRate, blockSize } = options.processorOptions ?? {
      inputRate: 16000,
      targetRate: 16000,
      blockSize: 800,
    };
    this.resampler = createResampler(inputRate, targetRate);
    this.blockSize = blockSize;
    this.pending = new Float32Array(blockSize);
  }

  process(inputs: Float32Array[][]): boolean {
    // Channel 0 only: the stream is asked for one channel; a stereo device's left is enough.
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    const step = resampleBlock(this.resampler, channel);
    this.resampler = step.state;
    for (const sample of step.output) {
      this.pending[this.filled++] = sample;
      if (this.filled === this.blockSize) {
        // Transferred, not copied: the sent block's buffer is detached (length 0) afterwards.
        this.port.postMessage(this.pending, [this.pending.buffer]);
        this.pending = new Float32Array(this.blockSize);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor);
