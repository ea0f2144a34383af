import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The microphone of the open-answer journey (speech-open.spec.ts): 20 s of a quiet room while the
 * item's prompt plays, then espeak-ng giving an answer to rts-0001 with most of its keywords, then
 * quiet. Chromium starts the file when the microphone opens, before the prompt, so the answer has
 * to wait in it. Made at test time by e2e/fixtures/make-fake-mic.sh (espeak-ng and sox, which
 * .ci/run installs): a committed file would be a megabyte of mostly silence.
 */
export const OPEN_ANSWER_TEXT =
  'Hi Tom, we noticed you missed the last two meetings, and your part of the report is missing. ' +
  'Is everything okay? If you have a problem, we can help. The report is due next week, so ' +
  'could you send it by Thursday? We can check the plan again on Wednesday.';

/** Seconds of quiet before the answer: the prompt's countdown, its 15 s audio and the tone. */
const LEAD_SECONDS = 20;
const TAIL_SECONDS = 5;

/** Named after what it holds, so a changed text or lead never reuses a file made before. */
export const OPEN_ANSWER_MICROPHONE = path.join(
  os.tmpdir(),
  `ninety-e2e-open-answer-${createHash('sha256')
    .update(`${LEAD_SECONDS}\n${TAIL_SECONDS}\n${OPEN_ANSWER_TEXT}`)
    .digest('hex')
    .slice(0, 12)}.wav`,
);

const MAKE_FAKE_MIC = fileURLToPath(new URL('../fixtures/make-fake-mic.sh', import.meta.url));

/** Makes the file once per machine; false when espeak-ng or sox is missing. */
export function makeOpenAnswerMicrophone(): boolean {
  if (existsSync(OPEN_ANSWER_MICROPHONE)) return true;
  try {
    execFileSync(
      'bash',
      [
        MAKE_FAKE_MIC,
        OPEN_ANSWER_MICROPHONE,
        String(LEAD_SECONDS),
        String(TAIL_SECONDS),
        OPEN_ANSWER_TEXT,
      ],
      { stdio: 'ignore' },
    );
    return true;
  } catch {
    return false;
  }
}
