import { STUDY_MAX_SECONDS_PER_CALL, STUDY_SECONDS_PER_TICK } from '@ninety/contract';
import { localKeys } from '../../lib/storage-keys';

/** Spec §9: the learning-time tick runs every 60 s. */
export const LEARNING_TICK_MS = 60_000;
/** The learner's day is a Beijing day, as the server counts it (its TIME_ZONE default). */
export const STUDY_TIME_ZONE = 'Asia/Shanghai';

/** Spec §3: the learning duration record kept in local storage; minutes, updateTime in epoch ms. */
export interface LearningDuration {
  date: string;
  today: number;
  total: number;
  updateTime: number;
}

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: STUDY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of an instant in Beijing. */
export function studyDate(now: Date): string {
  return dateFormat.format(now);
}

const minuteOf = (epochMs: number) => Math.floor(epochMs / 60_000);

/**
 * One tick (spec §9): counts a minute unless one was already counted in this same clock minute
 * (two exercise tabs, a re-mounted page), and starts `today` afresh when the date has changed.
 * Pure: the caller reads and writes the record.
 */
export function tickLearningDuration(
  record: LearningDuration | null,
  now: Date,
): { record: LearningDuration; counted: boolean } {
  const date = studyDate(now);
  const epochMs = now.getTime();
  if (record && minuteOf(record.updateTime) === minuteOf(epochMs)) {
    return { record, counted: false };
  }
  const today = record && record.date === date ? record.today : 0;
  return {
    record: { date, today: today + 1, total: (record?.total ?? 0) + 1, updateTime: epochMs },
    counted: true,
  };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The stored record, or null when there is none or it is not one (edited by hand, old format). */
export function readLearningDuration(storage: Storage = localStorage): LearningDuration | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(localKeys.learningDuration) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (
      typeof record['date'] !== 'string' ||
      !isCount(record['today']) ||
      !isCount(record['total']) ||
      !isCount(record['updateTime'])
    ) {
      return null;
    }
    return {
      date: record['date'],
      today: record['today'],
      total: record['total'],
      updateTime: record['updateTime'],
    };
  } catch {
    return null;
  }
}

export function writeLearningDuration(record: LearningDuration, storage: Storage = localStorage) {
  storage.setItem(localKeys.learningDuration, JSON.stringify(record));
}

/** Unsent study seconds of one day. */
interface PendingSeconds {
  date: string;
  seconds: number;
}

function readPending(storage: Storage): PendingSeconds | null {
  try {
    const value = JSON.parse(storage.getItem(localKeys.pendingStudySeconds) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { date, seconds } = value as Record<string, unknown>;
    return typeof date === 'string' && isCount(seconds) ? { date, seconds } : null;
  } catch {
    return null;
  }
}

/**
 * Takes the seconds to send now: the counted minute plus any the server missed earlier today, at
 * most what one call may carry. They leave storage before the call, so another tab cannot send
 * them too; `returnStudySeconds` puts them back if the call fails. Yesterday's leftovers are
 * dropped: sent today, the server would count them on the wrong day.
 */
export function takeStudySeconds(
  date: string,
  storage: Storage = localStorage,
  seconds: number = STUDY_SECONDS_PER_TICK,
): number {
  const pending = readPending(storage);
  const total = seconds + (pending && pending.date === date ? pending.seconds : 0);
  const sent = Math.min(total, STUDY_MAX_SECONDS_PER_CALL);
  if (total > sent) {
    storage.setItem(
      localKeys.pendingStudySeconds,
      JSON.stringify({ date, seconds: total - sent } satisfies PendingSeconds),
    );
  } else {
    storage.removeItem(localKeys.pendingStudySeconds);
  }
  return sent;
}

export function returnStudySeconds(date: string, seconds: number, storage: Storage = localStorage) {
  const pending = readPending(storage);
  const kept = pending && pending.date === date ? pending.seconds : 0;
  storage.setItem(
    localKeys.pendingStudySeconds,
    JSON.stringify({ date, seconds: kept + seconds } satisfies PendingSeconds),
  );
}
