import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The microphones of the mock-exam journey: one file per speaking item, so every item hears its
 * own answer. Chromium plays a fake-capture file from its start each time the page opens the
 * microphone, and the exam opens it twice per item after a resume: once for the microphone check,
 * once when the item begins. So a file holds a short sentence for the check, quiet for as long as
 * the item's prompt and preparation take (and a margin: silence before speech never closes the
 * recording), the item's answer, then quiet, which closes the recording after 3 s as in the test.
 * Made at test time with espeak-ng and sox (as make-fake-mic.sh does), under a name that says
 * what the file holds.
 */

const CHECK_TEXT = 'I am taking the practice test today.';
/** The check's sentence ends well before this (the check records 5 s from the file's start). */
const CHECK_SECONDS = 4;
/** Quiet after the answer: the microphone closes after 3 s of silence. */
const TAIL_SECONDS = 6;
/** espeak-ng's rate below, in words a second (150 words a minute). */
export const SPOKEN_WORDS_PER_SECOND = 2.5;

const DIRECTORY = path.join(os.tmpdir(), 'ninety-e2e-mock-microphones');

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'ignore' });
}

/** A 16 kHz mono PCM16 file of quiet (a noise floor: the aligner fails on pure zeros). */
function quiet(file: string, seconds: number): void {
  run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'trim', '0', String(seconds)]);
}

function speech(file: string, text: string, work: string): void {
  const raw = path.join(work, `raw-${path.basename(file)}`);
  run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
  run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', file, 'norm', '-3']);
}

/**
 * The file for one item: the check's sentence, quiet until `leadSeconds` after the file starts,
 * the answer, quiet. Returns its path; made once per machine.
 */
export function mockItemMicrophone(answer: string, leadSeconds: number): string {
  const lead = Math.max(leadSeconds, CHECK_SECONDS + 1);
  const name = createHash('sha256')
    .update(`${CHECK_TEXT}\n${CHECK_SECONDS}\n${lead}\n${TAIL_SECONDS}\n${answer}`)
    .digest('hex')
    .slice(0, 16);
  const file = path.join(DIRECTORY, `${name}.wav`);
  if (existsSync(file)) return file;
  mkdirSync(DIRECTORY, { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'ninety-e2e-mic-'));
  try {
    const check = path.join(work, 'check.wav');
    const answerFile = path.join(work, 'answer.wav');
    speech(check, CHECK_TEXT, work);
    speech(answerFile, answer, work);
    const checkSeconds = Number(execFileSync('soxi', ['-D', check]).toString().trim());
    const gap = path.join(work, 'gap.wav');
    const head = path.join(work, 'head.wav');
    const tail = path.join(work, 'tail.wav');
    quiet(head, 0.5);
    quiet(gap, Math.max(0.5, lead - 0.5 - checkSeconds));
    quiet(tail, TAIL_SECONDS);
    const joined = path.join(work, 'joined.wav');
    run('sox', [head, check, gap, answerFile, tail, joined]);
    const length = execFileSync('soxi', ['-D', joined]).toString().trim();
    // About −60 dBFS of white noise over everything: below the app's speech threshold (−42 dBFS).
    const noise = path.join(work, 'noise.wav');
    run('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      noise,
      'synth',
      length,
      'whitenoise',
      'vol',
      '0.001',
    ]);
    const mixed = path.join(work, 'mic.wav');
    run('sox', ['-m', joined, noise, '-r', '16000', '-c', '1', '-b', '16', mixed]);
    // Moved into place whole, so a file that exists is a finished one.
    renameSync(mixed, file);
    return file;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The first sentences of `text` that can be said in `seconds` (at least the first sentence). */
export function sayableIn(text: string, seconds: number): string {
  const maxWords = Math.floor(seconds * SPOKEN_WORDS_PER_SECOND);
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .match(/[^.!?]+[.!?]*/g) ?? [text];
  let said = '';
  for (const sentence of sentences) {
    const next = `${said} ${sentence.trim()}`.trim();
    if (said && next.split(' ').length > maxWords) break;
    said = next;
  }
  return said;
}

/** Chromium's switches for a page whose microphone plays `file` (each open starts it again). */
export function microphoneArgs(file: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${file}%noloop`,
  ];
}
