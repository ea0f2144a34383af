import type { MockPaperState } from '@ninety/contract';
import { post } from '../../../lib/http';
import { paperUrl } from './get-paper';

/**
 * The current item's typed or chosen answer (null: Next without answering); the answer is the
 * paper on its next item. Sending the same answer again is harmless (idempotent on the server).
 */
export function submitAnswer(
  paperId: string,
  index: number,
  answer: unknown,
): Promise<MockPaperState> {
  return post<MockPaperState>(
    `${paperUrl(paperId)}/items/${index}/answer`,
    { answer },
    {
      quiet: true,
    },
  );
}
