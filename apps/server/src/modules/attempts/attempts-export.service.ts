/**
 * What the account module reads of a learner's attempts: their whole history for the data export
 * (as the history shows it, recordings as signed links that expire) and the stored recording paths
 * an account deletion must remove from the store.
 */
import type { Attempt } from '@ninety/contract';
import type { Db } from '../../db/client';
import type { RecordingLinks } from '../../lib/recording-links';
import { toAttempt } from './attempts.mapper';
import {
  attemptsAfter,
  deleteScoringSlotsOf,
  recordingsAfter,
  recordingUrlsOf,
} from './attempts-export.repository';

interface ExportContext {
  db: Db;
  recordingLinks: RecordingLinks;
}

/**
 * One page of the learner's attempts in the order they were made, after `afterId` (0 for the
 * first), as their history shows them: a recording as a signed link that expires. The data export
 * reads them all this way, a page at a time.
 */
export async function attemptsPage(
  context: ExportContext,
  userId: number,
  afterId: number,
  limit: number,
): Promise<{ list: Attempt[]; lastId: number | null }> {
  const rows = await attemptsAfter(context.db, userId, afterId, limit);
  return {
    list: rows.map((row) => toAttempt(row, context.recordingLinks)),
    lastId: rows.at(-1)?.id ?? null,
  };
}

/**
 * Where the learner's recordings are, as their attempts store them (the plain path, not a signed
 * link). `db` may be a transaction: an account deletion reads them with the user's row locked.
 */
export async function storedRecordingUrls(db: Db, userId: number): Promise<string[]> {
  return recordingUrlsOf(db, userId);
}

/**
 * One page of the learner's recordings (spoken attempts) after `afterId` (0 first), each as a
 * signed link that expires, like the history hands out: the data export's list of recordings.
 */
export async function recordingsPage(
  context: ExportContext,
  userId: number,
  afterId: number,
  limit: number,
) {
  const rows = await recordingsAfter(context.db, userId, afterId, limit);
  return {
    list: rows.map((row) => ({
      attemptId: String(row.id),
      itemId: row.itemId,
      url: context.recordingLinks.sign(row.url.split('?', 1)[0] ?? row.url),
      durationSeconds: row.durationSeconds,
      createdAt: row.createdAt,
    })),
    lastId: rows.at(-1)?.id ?? null,
  };
}

/**
 * Forgets the learner's places in the scoring queue (an account deletion; `db` is its
 * transaction). A job still running for them finds its slot gone, which releasing tolerates.
 */
export async function forgetScoringSlots(db: Db, userId: number): Promise<void> {
  await deleteScoringSlotsOf(db, userId);
}
