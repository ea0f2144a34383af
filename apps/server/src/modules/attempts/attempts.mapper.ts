import {
  RecordingAnswerSchema,
  type Attempt,
  type AttemptResult,
  type ItemTypeCode,
} from '@ninety/contract';
import type { AttemptRow } from './attempts.repository';
import type { RecordingLinks } from '../../lib/recording-links';

export function toAttempt(row: AttemptRow, links: RecordingLinks): Attempt {
  return {
    id: String(row.id),
    itemId: row.itemId,
    // Written by the service from the item's own type.
    type: row.type as ItemTypeCode,
    answer: withRecordingLink(row.answer, links),
    score: row.score,
    max: row.max,
    result: row.result as AttemptResult,
    scoringProfile: row.scoringProfile,
    timeSpentSeconds: row.timeSpentSeconds,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A spoken answer leaves (to its owner only) with a signed link to its recording that expires. */
function withRecordingLink(answer: unknown, links: RecordingLinks): unknown {
  const spoken = RecordingAnswerSchema.safeParse(answer);
  if (!spoken.success) return answer;
  const { recording } = spoken.data;
  return { ...spoken.data, recording: { ...recording, url: links.sign(recording.url) } };
}
