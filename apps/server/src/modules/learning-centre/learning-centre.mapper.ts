import type {
  ItemTypeCode,
  LastPractisedItem,
  LearningProfile,
  LearningProfileUpdate,
  MistakeEntry,
} from '@ninety/contract';
import { estimateItemScore } from '@ninety/scoring';
import type { LearningProfileRow, MistakeRow, ProfileChanges } from './learning-centre.repository';

/** Home's 继续上次: the item practised last. */
export function toLastPractisedItem(row: {
  itemId: string;
  type: string;
  number: number;
  title: string;
  createdAt: Date;
}): LastPractisedItem {
  return {
    itemId: row.itemId,
    type: row.type as ItemTypeCode,
    number: row.number,
    title: row.title,
    practisedAt: row.createdAt.toISOString(),
  };
}

/** What leaves the server of a learner's 学习中心 settings (defaults for a learner without a row). */
export function toLearningProfile(
  row: LearningProfileRow | null,
  defaultTimeZone: string,
): LearningProfile {
  return {
    timeZone: row?.timeZone ?? defaultTimeZone,
    isDefaultTimeZone: !row?.timeZone,
    targetOverall: row?.targetOverall ?? null,
    targets: {
      speaking: row?.targetSpeaking ?? null,
      writing: row?.targetWriting ?? null,
      reading: row?.targetReading ?? null,
      listening: row?.targetListening ?? null,
    },
    examDate: row?.examDate ?? null,
    dailyMinutes: row?.dailyMinutes ?? 60,
  };
}

/** Only the fields sent: a field left out keeps its value, null clears it. */
export function toProfileChanges(update: LearningProfileUpdate): ProfileChanges {
  const changes: ProfileChanges = {};
  if (update.timeZone !== undefined) changes.timeZone = update.timeZone;
  if (update.targetOverall !== undefined) changes.targetOverall = update.targetOverall;
  if (update.examDate !== undefined) changes.examDate = update.examDate;
  if (update.dailyMinutes !== undefined) changes.dailyMinutes = update.dailyMinutes;
  const targets = update.targets ?? {};
  if (targets.speaking !== undefined) changes.targetSpeaking = targets.speaking;
  if (targets.writing !== undefined) changes.targetWriting = targets.writing;
  if (targets.reading !== undefined) changes.targetReading = targets.reading;
  if (targets.listening !== undefined) changes.targetListening = targets.listening;
  return changes;
}

const SUMMARY_MAX = 140;

/** A short reading of a stored answer; '' for a recording, which has no text to show. */
export function answerSummary(answer: unknown): string {
  if (!answer || typeof answer !== 'object') return '';
  const value = answer as Record<string, unknown>;
  const cut = (text: string) =>
    text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX)}…` : text;
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  if (typeof value['text'] === 'string') return cut(value['text'].trim());
  if (Array.isArray(value['blanks']))
    return cut(
      `填空：${strings(value['blanks'])
        .map((word) => word || '（空）')
        .join(' / ')}`,
    );
  if (Array.isArray(value['chosen']))
    return strings(value['chosen']).length
      ? `选择：${strings(value['chosen']).join('、')}`
      : '没有选择';
  if (Array.isArray(value['order'])) return `顺序：${strings(value['order']).join(' → ')}`;
  if (Array.isArray(value['words'])) return `点选了 ${value['words'].length} 个词`;
  return '';
}

export function toMistakeEntry(
  row: MistakeRow,
  last: { answer: unknown; score: number; max: number; createdAt: Date },
): MistakeEntry {
  return {
    itemId: row.itemId,
    type: row.type as ItemTypeCode,
    number: row.number,
    title: row.title,
    wrongCount: row.wrongCount,
    lastWrongAt: row.lastWrongAt.toISOString(),
    rightSince: row.rightSince,
    status: row.rightSince > 0 ? 'fixing' : 'open',
    lastAnswer: {
      answeredAt: last.createdAt.toISOString(),
      score: last.score,
      max: last.max,
      estimate: estimateItemScore(last.score, last.max),
      summary: answerSummary(last.answer),
    },
  };
}
