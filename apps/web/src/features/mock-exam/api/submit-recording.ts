import type { MockPaperState } from '@ninety/contract';
import { upload } from '../../../lib/http';
import { paperUrl } from './get-paper';

/** The current spoken item's recording (16 kHz WAV) as the raw body; the answer is the next item. */
export function submitRecording(
  paperId: string,
  index: number,
  wav: Blob,
  signal?: AbortSignal,
): Promise<MockPaperState> {
  return upload<MockPaperState>(`${paperUrl(paperId)}/items/${index}/recording`, wav, {
    method: 'POST',
    contentType: 'audio/wav',
    quiet: true,
    signal,
  });
}
