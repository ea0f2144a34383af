import type { MockPaperState } from '@ninety/contract';
import { UploadTask } from '../../../lib/upload';
import { submitRecording } from '../api/submit-recording';
import { submitUploadedRecording } from '../api/submit-uploaded-recording';
import { RETRY_DELAY_MS, untilDelivered } from './durable-call';

/** Tries of the uploader (each resumes the parts already stored) before the direct route. */
const UPLOAD_TRIES = 3;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RecordingToDeliver {
  paperId: string;
  index: number;
  wav: Blob;
  /** When it was kept on the device: the file's identity, so a reload resumes its upload. */
  savedAt: number;
}

/**
 * Sends a spoken item's recording (kept in IndexedDB by the caller until this resolves): through
 * the resumable uploader to the store, then a submit that names the upload (issue 14). When the
 * uploader cannot get it through, or the server cannot use the upload, the recording goes in the
 * request body instead, retried until the connection is back: nothing is lost either way, and
 * the server takes a repeated submit of the same recording once.
 */
export async function deliverRecording(
  recording: RecordingToDeliver,
  onConnection: (isOnline: boolean) => void,
  delayMs = RETRY_DELAY_MS,
): Promise<MockPaperState> {
  const { paperId, index, wav } = recording;
  const key = await uploadRecording(recording, onConnection, delayMs);
  if (key !== null) {
    try {
      return await untilDelivered(
        () => submitUploadedRecording(paperId, index, key),
        onConnection,
        delayMs,
      );
    } catch {
      // Refused (the upload is gone): the recording itself, below, says what the server decides.
    }
  }
  return untilDelivered(() => submitRecording(paperId, index, wav), onConnection, delayMs);
}

async function uploadRecording(
  { paperId, index, wav, savedAt }: RecordingToDeliver,
  onConnection: (isOnline: boolean) => void,
  delayMs: number,
): Promise<string | null> {
  const file = new File([wav], `mock-${paperId}-${index}.wav`, {
    type: 'audio/wav',
    lastModified: savedAt,
  });
  // Quiet: the exam screen says in English what is wrong (the connection banner).
  const task = new UploadTask(file, { purpose: 'mock-recording', quiet: true });
  for (let attempt = 1; ; attempt++) {
    const settled = task.settled();
    if (attempt === 1) task.start();
    else task.restart();
    try {
      const { key } = await settled;
      onConnection(true);
      return key;
    } catch {
      if (attempt >= UPLOAD_TRIES) return null;
      onConnection(false);
      await wait(delayMs);
    }
  }
}
