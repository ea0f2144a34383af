/**
 * Sentence cues of a listening material as WebVTT (content/listening/cues/<id>.vtt): written by
 * scripts/content/listening-materials.ts from the speech engine's forced alignment, read by the
 * catalogue and checked by the content test. One cue per sentence, its id the sentence index.
 */

export interface Cue {
  index: number;
  /** Seconds, 3 decimals. */
  start: number;
  end: number;
  text: string;
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(ms % 1000, 3)}`;
}

/** Cue text may not hold a blank line or "-->" (it would end or fake a cue). */
const cueText = (text: string) => text.replace(/\s+/g, ' ').replace(/-->/g, '→').trim();

export function formatVtt(cues: readonly Cue[]): string {
  const blocks = cues.map(
    (cue) =>
      `${cue.index}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cueText(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

const TIMING = /^(\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3})$/;

const seconds = (h: string, m: string, s: string, ms: string) =>
  Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** Reads what formatVtt writes; throws on anything else, naming the block. */
export function parseVtt(source: string): Cue[] {
  const blocks = source
    .replace(/\r\n/g, '\n')
    .trim()
    .split(/\n{2,}/);
  if (blocks.shift()?.split('\n')[0] !== 'WEBVTT') throw new Error('not a WebVTT file');
  return blocks.map((block, position) => {
    const [id = '', timing = '', ...text] = block.split('\n');
    const match = TIMING.exec(timing);
    if (!/^\d+$/.test(id) || !match) throw new Error(`cue ${position + 1}: malformed`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match as unknown as string[];
    return {
      index: Number(id),
      start: seconds(h1!, m1!, s1!, ms1!),
      end: seconds(h2!, m2!, s2!, ms2!),
      text: text.join(' '),
    };
  });
}

/** Silence the recordings put between two speakers' turns (generate-audio.ts TURN_PAUSE). */
export const TURN_PAUSE_SECONDS = 0.7;
/** After the last sentence: the tail silence, and SMW's beep in place of the missing words. */
export const MAX_TAIL_SECONDS = 2;

/**
 * What is wrong with a material's cues (empty when nothing): one per sentence in order, each
 * inside the recording and not empty, none overlapping the next, and no gap between cues (nor
 * before the first) longer than `maxGapSeconds`, plus the turn pause where the speaker changes:
 * a longer gap would be speech that no sentence covers.
 */
export function cueProblems(
  cues: readonly Cue[],
  audioSeconds: number,
  sentences: readonly { speaker: string | null }[],
  maxGapSeconds = 1,
): string[] {
  const problems: string[] = [];
  if (cues.length !== sentences.length) {
    problems.push(`${cues.length} cues for ${sentences.length} sentences`);
  }
  let previousEnd = 0;
  cues.forEach((cue, position) => {
    if (cue.index !== position) problems.push(`cue ${position} is numbered ${cue.index}`);
    if (cue.end <= cue.start) problems.push(`cue ${position} ends before it starts`);
    if (cue.start < previousEnd) {
      problems.push(`cue ${position} starts before cue ${position - 1} ends`);
    }
    if (cue.end > audioSeconds + 0.05) {
      problems.push(`cue ${position} ends at ${cue.end} s, after the audio (${audioSeconds} s)`);
    }
    const turnChange =
      position > 0 && sentences[position]?.speaker !== sentences[position - 1]?.speaker;
    const allowed = maxGapSeconds + (turnChange ? TURN_PAUSE_SECONDS : 0);
    if (cue.start - previousEnd > allowed) {
      problems.push(`${(cue.start - previousEnd).toFixed(2)} s uncovered before cue ${position}`);
    }
    previousEnd = cue.end;
  });
  if (cues.length > 0 && audioSeconds - previousEnd > MAX_TAIL_SECONDS) {
    problems.push(`${(audioSeconds - previousEnd).toFixed(2)} s uncovered after the last cue`);
  }
  return problems;
}
