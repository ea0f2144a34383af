import { STUDY_TYPE_PRACTICE, type SaveTimedOrCountQuery, type StudyStats } from '@ninety/contract';
import type { Db } from '../../db/client';
import { localDate, type Clock } from '../../lib/clock';
import { recordStudySeconds } from '../learning-centre/learning-centre.service';
import { toStudyStats, type DayFigures } from './study.mapper';
import {
  addReportedPractice,
  addStudySeconds,
  reportedDays,
  scoredPracticesByDay,
  itemProgressAfter,
} from './study.repository';

export interface StudyDeps {
  db: Db;
  clock: Clock;
  /** The learner's day is a day in this zone (config TIME_ZONE, Asia/Shanghai by default). */
  timeZone: string;
}

/**
 * Spec §7 saveTimedOrCount: type 1 adds `business` seconds of study time, type 2 counts one
 * practice, both on today's date in the product's time zone (when the server receives the call:
 * a minute ticked just before midnight and sent just after counts for the new day).
 */
export async function saveTimedOrCount(
  deps: StudyDeps,
  userId: number,
  query: SaveTimedOrCountQuery,
): Promise<StudyStats> {
  const now = deps.clock.now();
  const day = localDate(now, deps.timeZone);
  if (query.type === STUDY_TYPE_PRACTICE) {
    await addReportedPractice(deps.db, userId, day, now);
  } else {
    // The day's figure for this endpoint, and the quarter hour for 学习中心, which counts days in
    // the learner's own time zone.
    await Promise.all([
      addStudySeconds(deps.db, userId, day, query.business, now),
      recordStudySeconds(deps, userId, query.business, now),
    ]);
  }
  return studyStats(deps, userId);
}

/**
 * The learner's study time and practices: today, in total, and the last seven days.
 *
 * A practice must count once. POST /api/posts/examed already counts every scored practice on the
 * server (`recordPractice`, plus its row in `attempts`), and the spec's client also reports
 * practices itself with type 2 — for the same practice when it was scored, alone when it was not
 * (e.g. a speaking item before speaking is scored). Adding the two would count a scored practice
 * twice, so a day's figure is the greater of the two counts: a client that reports every practice
 * is counted by its reports, one that reports none (our web client, which relies on examed) by
 * its scored attempts, and neither can inflate the other.
 */
export async function studyStats(deps: StudyDeps, userId: number): Promise<StudyStats> {
  const [reported, scored] = await Promise.all([
    reportedDays(deps.db, userId),
    scoredPracticesByDay(deps.db, userId, deps.timeZone),
  ]);
  const days = new Map<string, DayFigures>();
  for (const row of reported) {
    days.set(row.day, { studySeconds: row.studySeconds, practices: row.practiceCount });
  }
  for (const row of scored) {
    const figures = days.get(row.day) ?? { studySeconds: 0, practices: 0 };
    days.set(row.day, { ...figures, practices: Math.max(figures.practices, row.count) });
  }
  return toStudyStats(days, localDate(deps.clock.now(), deps.timeZone));
}

/** What the learner's days hold as reported (study seconds, counted practices): the export. */
export async function studyDaysOf(deps: { db: Db }, userId: number) {
  return reportedDays(deps.db, userId);
}

/** One page of the learner's per-item practice, after `afterItemId` ('' first): the export. */
export async function itemProgressPage(
  deps: { db: Db },
  userId: number,
  afterItemId: string,
  limit: number,
) {
  return itemProgressAfter(deps.db, userId, afterItemId, limit);
}
