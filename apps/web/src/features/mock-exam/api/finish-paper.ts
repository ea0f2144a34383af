import type { MockPaperState } from '@ninety/contract';
import { post } from '../../../lib/http';
import { paperUrl } from './get-paper';

/** Ends the paper now: the current item goes with its draft, the rest as unanswered. */
export function finishPaper(paperId: string): Promise<MockPaperState> {
  return post<MockPaperState>(`${paperUrl(paperId)}/finish`, {}, { quiet: true });
}
