import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The microphone of the open-answer journey (speech-open.spec.ts): 20 s of a quiet room while the
 * item's prompt plays, then espeak-ng giving an answer to rts-0001 with most of its keywords, then
 * quiet. Chromium starts the file when the microphone opens, before the prompt, so the answer has
 * to wait in it. Made at test time with Debian's espeak-ng and sox (.ci/run installs both): a
 * committed file would be a megabyte of mostly silence.
 */
export const OPEN_ANSWER_TEXT =
  'Hi Tom, we noticed you missed the last two meetings, and your part of the report is missing. ' +
  'Is everything okay? If you have a problem, we can help. The report is due next week, so ' +
  'could you send it by Thursday? We can check the plan again on Wednesday.';

/** Seconds of quiet before the answer: the prompt's countdown, its 15 s audio and the tone. */
const LEAD_SECONDS = 20;

/** Named after what it holds, so a changed text or lead never reuses a file made before. */
export const OPEN_ANSWER_MICROPHONE = path.join(
  os.tmpdir(),
  `ninety-e2e-open-answer-${createHash('sha256')
    .update(`${LEAD_SECONDS}\n${OPEN_ANSWER_TEXT}`)
    .digest('hex')
    .slice(0, 12)}.wav`,
);

/** 16 kHz mono PCM16, what the app itself uploads. */
const PCM16 = ['-r', '16000', '-c', '1', '-b', '16'];

/** Makes the file once per machine; false when espeak-ng or sox is missing. */
export function makeOpenAnswerMicrophone(): boolean {
  if (existsSync(OPEN_ANSWER_MICROPHONE)) return true;
  const work = path.join(os.tmpdir(), `ninety-e2e-open-answer-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const file = (name: string) => path.join(work, name);
  const sox = (...args: string[]) => execFileSync('sox', args);
  try {
    execFileSync('espeak-ng', [
      '-v',
      'en-us',
      '-s',
      '150',
      '-w',
      file('speech.wav'),
      OPEN_ANSWER_TEXT,
    ]);
    sox(file('speech.wav'), ...PCM16, file('speech16.wav'), 'norm', '-3');
    sox('-n', ...PCM16, file('lead.wav'), 'trim', '0', String(LEAD_SECONDS));
    sox('-n', ...PCM16, file('tail.wav'), 'trim', '0', '5');
    sox(file('lead.wav'), file('speech16.wav'), file('tail.wav'), file('joined.wav'));
    const seconds = execFileSync('soxi', ['-D', file('joined.wav')])
      .toString()
      .trim();
    // A quiet room, not digital silence: about −60 dBFS, below the recorder's speech threshold.
    sox('-n', ...PCM16, file('noise.wav'), 'synth', seconds, 'whitenoise', 'vol', '0.001');
    sox('-m', file('joined.wav'), file('noise.wav'), ...PCM16, file('mic.wav'));
    renameSync(file('mic.wav'), OPEN_ANSWER_MICROPHONE);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
