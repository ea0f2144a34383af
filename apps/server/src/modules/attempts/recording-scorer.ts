import { ErrorCode, itemTypes, type AttemptResult, type Item } from '@ninety/contract';
import {
  isSpeakingItem,
  scoreSpeaking,
  type EngineOutcome,
  type SpeakingItem,
} from '@ninety/scoring';
import {
  SpeechEngineError,
  type JobOptions,
  type SpeechEngine,
  type SpeechEngineErrorCode,
} from '../../adapters/speech/engine';
import { parseWav, SPEECH_SAMPLE_RATE, WavError } from '../../adapters/speech/wav';
import { AppError } from '../../lib/app-error';

/**
 * Scores one recording for a speaking item: checks it is a usable WAV (AppError 40001 with the
 * reason otherwise), runs the speech engine and the speaking scorers.
 */
export interface RecordingScorer {
  /** `signal` aborts when the learner has gone: a recording still queued is not decoded. */
  score(
    item: Item,
    wav: Uint8Array,
    options?: { signal?: AbortSignal },
  ): Promise<{ result: AttemptResult; durationSeconds: number }>;
}

/** The recorder stops a moment after the item's time: this much more is accepted. */
const RECORDING_GRACE_SECONDS = 5;
/** A recording this close to the item's time ran into the limit: its reading may be cut off. */
const CUT_OFF_MARGIN_SECONDS = 1;

/** What the engine decodes a recording against: the reference, the keywords or the answers. */
function decode(
  engine: SpeechEngine,
  item: SpeakingItem,
  samples: Float32Array,
  options: JobOptions,
  answerSeconds: number,
): Promise<EngineOutcome> {
  switch (item.type) {
    case 'RA': {
      // Only a Read Aloud is long enough to be aligned in halves, where this matters.
      const cutOff =
        samples.length >= (answerSeconds - CUT_OFF_MARGIN_SECONDS) * SPEECH_SAMPLE_RATE;
      return engine.align(samples, item.content.text, { ...options, cutOff });
    }
    case 'RS':
      return engine.align(samples, item.key.transcript, options);
    case 'ASQ':
      return engine.matchAnswers(samples, item.key.acceptedAnswers, options);
    case 'DI':
    case 'RL':
    case 'RTS':
    case 'SGD':
      return engine.spotKeywords(
        samples,
        item.key.keyPoints.flatMap((point) => point.keywords),
        options,
      );
  }
}

const answerSecondsOf = (item: Item) => itemTypes[item.type].timing.answerSeconds ?? 120;

/** The recording's samples, or the reason it is not a usable answer to the item (40001). */
function samplesOf(item: Item, wav: Uint8Array): Float32Array {
  try {
    return parseWav(wav, { maxSeconds: answerSecondsOf(item) + RECORDING_GRACE_SECONDS });
  } catch (error) {
    if (error instanceof WavError) {
      throw new AppError(ErrorCode.InvalidInput, `请求体无效：${error.message}`);
    }
    throw error;
  }
}

/**
 * Checks a recording before it is queued for scoring, so that a file that can never be scored is
 * refused at once (40001) rather than by a worker: 16 kHz mono PCM16, no longer than the item
 * allows. Returns its length in seconds.
 */
export function checkRecording(item: Item, wav: Uint8Array): number {
  return secondsOf(samplesOf(item, wav));
}

const secondsOf = (samples: Float32Array) =>
  Math.round((samples.length / SPEECH_SAMPLE_RATE) * 100) / 100;

/**
 * Recordings reach the engine from the scoring queue, whose own bound (SCORING_MAX_WAITING)
 * refuses learners when it is full; the engine's in-memory bound is a moment's burst (four
 * answers of eight keyword pieces each). A job that meets it waits for room, up to this long,
 * rather than spend a try: three tries refused 2 s and 4 s apart were an answer left unscored.
 */
const ROOM_WAIT_MS = 5 * 60_000;
const ROOM_FIRST_DELAY_MS = 500;
const ROOM_MAX_DELAY_MS = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Decodes, waiting for room in the engine's queue when it is full for now. */
async function decodeWhenRoom(
  decodeNow: () => Promise<EngineOutcome>,
  signal: AbortSignal | undefined,
): Promise<EngineOutcome> {
  let waitedMs = 0;
  for (let delayMs = ROOM_FIRST_DELAY_MS; ; delayMs = Math.min(2 * delayMs, ROOM_MAX_DELAY_MS)) {
    try {
      return await decodeNow();
    } catch (error) {
      const isBusy = error instanceof SpeechEngineError && error.code === 'busy';
      if (!isBusy || waitedMs >= ROOM_WAIT_MS || signal?.aborted) throw error;
    }
    await sleep(delayMs);
    waitedMs += delayMs;
  }
}

const ENGINE_BUSY_ZH = '语音评分暂时繁忙，请稍后重新提交';
const ENGINE_TROUBLE_ZH: Record<SpeechEngineErrorCode, string> = {
  busy: '评分排队的人太多，请稍后重新提交（录音还在本页，可直接再提交）',
  aborted: '提交已取消',
  timeout: ENGINE_BUSY_ZH,
  'engine-error': ENGINE_BUSY_ZH,
  'worker-exited': ENGINE_BUSY_ZH,
  closed: '服务器正在重启，请稍后重新提交',
};

/**
 * Scores a recording with the speech engine and the speaking scorers: a WAV that is not 16 kHz
 * mono PCM16, or longer than the item allows, is refused with the reason (40001); a recording the
 * engine cannot hear ("没有听清") is stored with its unscored result, as the learner made it.
 */
export function speechRecordingScorer(engine: SpeechEngine): RecordingScorer {
  return {
    async score(
      item: Item,
      wav: Uint8Array,
      options: JobOptions = {},
    ): Promise<{ result: AttemptResult; durationSeconds: number }> {
      if (!isSpeakingItem(item)) {
        throw new AppError(ErrorCode.InvalidInput, '这道题不能用录音作答');
      }
      const answerSeconds = answerSecondsOf(item);
      const samples = samplesOf(item, wav);
      let outcome: EngineOutcome;
      try {
        outcome = await decodeWhenRoom(
          () => decode(engine, item, samples, options, answerSeconds),
          options.signal,
        );
      } catch (error) {
        // The engine's own trouble (a full queue, a timeout, a crashed worker), not the
        // recording's: nothing is stored or spent, and the learner may send the same recording.
        if (error instanceof SpeechEngineError) {
          throw new AppError(ErrorCode.Unavailable, ENGINE_TROUBLE_ZH[error.code], undefined, {
            cause: error,
          });
        }
        throw error;
      }
      return {
        result: scoreSpeaking(item, outcome),
        durationSeconds: secondsOf(samples),
      };
    },
  };
}
