import type { Attempt, AttemptResult } from '@ninety/contract';
import type { AttemptRow } from './attempts.repository';

export function toAttempt(row: AttemptRow): Attempt {
  return {
    id: String(row.id),
    itemId: row.itemId,
    type: row.type,
    answer: row.answer,
    score: row.score,
    max: row.max,
    result: row.result as AttemptResult,
    scoringProfile: row.scoringProfile,
    timeSpentSeconds: row.timeSpentSeconds,
    createdAt: row.createdAt.toISOString(),
  };
}
