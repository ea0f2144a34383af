import { makeOpenAnswerMicrophone } from './support/open-answer-microphone';

/** Before any browser starts: the open-answer journey's microphone file. */
export default function globalSetup(): void {
  if (!makeOpenAnswerMicrophone() && process.env['SPEECH_FIXTURES_REQUIRED']) {
    throw new Error('espeak-ng and sox are needed to make the open-answer microphone');
  }
}
