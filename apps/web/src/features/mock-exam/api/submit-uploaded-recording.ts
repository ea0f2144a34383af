import type { MockPaperState } from '@ninety/contract';
import { post } from '../../../lib/http';
import { paperUrl } from './get-paper';

/**
 * The current spoken item's recording, already sent through the resumable uploader, named by its
 * object key; the answer is the paper on its next item. Sending it again is harmless.
 */
export function submitUploadedRecording(
  paperId: string,
  index: number,
  key: string,
): Promise<MockPaperState> {
  return post<MockPaperState>(
    `${paperUrl(paperId)}/items/${index}/recording-upload`,
    { key },
    { quiet: true },
  );
}
