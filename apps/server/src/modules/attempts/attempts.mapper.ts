import type { Attempt, AttemptResult, ItemTypeCode } from '@ninety/contract';
import type { AttemptRow } from './attempts.repository';

export function toAttempt(row: AttemptRow): Attempt {
  return {
    id: String(row.id),
    itemId: row.itemId,
    // Written by the service from the item's own type.
    type: row.type as ItemTypeCode,
    answer: row.answer,
    score: row.score,
    max: row.max,
    result: row.result as AttemptResult,
    scoringProfile: row.scoringProfile,
    timeSpentSeconds: row.timeSpentSeconds,
    createdAt: row.createdAt.toISOString(),
  };
}
