import type { MockDraftSaved } from '@ninety/contract';
import { upload } from '../../../lib/http';
import { paperUrl } from './get-paper';

/**
 * Autosaves the current item's typed answer (only before its deadline). Quiet: the exam shows
 * its own "connection lost, retrying" state, and the draft store sends again.
 */
export function saveDraft(
  paperId: string,
  index: number,
  answer: unknown,
): Promise<MockDraftSaved> {
  return upload<MockDraftSaved>(
    `${paperUrl(paperId)}/items/${index}/draft`,
    JSON.stringify({ answer }),
    { method: 'PUT', contentType: 'application/json', quiet: true },
  );
}
