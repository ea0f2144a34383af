import {
  ACCOUNT_EXPORT_FORMAT,
  maskPhone,
  type AccountExport,
  type Attempt,
} from '@ninety/contract';
import type { UserRow } from '../users/users.service';

/**
 * What the export file says about each row. Dates leave as ISO strings, the phone masked as
 * 个人中心 shows it, and no secret (token hashes, code hashes) ever.
 */

export function toExportHead(
  user: UserRow,
  parts: {
    exportedAt: Date;
    membership: AccountExport['membership'];
    settings: Record<string, unknown>;
    wechat: { openId: string; nickname: string; createdAt: Date }[];
    studyDays: AccountExport['studyDays'];
    learningProfile: AccountExport['learningProfile'];
    listening: AccountExport['listening'];
    materials: AccountExport['materials'];
    orders: AccountExport['orders'];
    courses: AccountExport['courses'];
  },
): Pick<
  AccountExport,
  | 'format'
  | 'exportedAt'
  | 'profile'
  | 'membership'
  | 'settings'
  | 'wechat'
  | 'studyDays'
  | 'learningProfile'
  | 'listening'
  | 'materials'
  | 'orders'
  | 'courses'
> {
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: parts.exportedAt.toISOString(),
    profile: {
      userCode: user.userCode,
      nickname: user.nickname,
      phonecode: user.phonecode,
      phone: user.phone ? maskPhone(user.phone) : null,
      icon: user.icon,
      createdAt: user.createdAt.toISOString(),
    },
    membership: parts.membership,
    settings: parts.settings,
    wechat: parts.wechat.map((identity) => ({
      openId: identity.openId,
      nickname: identity.nickname,
      boundAt: identity.createdAt.toISOString(),
    })),
    studyDays: parts.studyDays,
    learningProfile: parts.learningProfile,
    listening: parts.listening,
    materials: parts.materials,
    orders: parts.orders,
    courses: parts.courses,
  };
}

export const toExportSession = (row: {
  clientType: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
}): AccountExport['sessions'][number] => ({
  clientType: row.clientType,
  ip: row.ip,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  endedAt: row.revokedAt?.toISOString() ?? null,
});

export const toExportProgress = (row: {
  itemId: string;
  practiceCount: number;
  lastPractisedAt: Date;
}): AccountExport['itemProgress'][number] => ({
  itemId: row.itemId,
  practiceCount: row.practiceCount,
  lastPractisedAt: row.lastPractisedAt.toISOString(),
});

export const toExportFavorite = (row: {
  itemId: string;
  label: number;
  createdAt: Date;
}): AccountExport['favorites'][number] => ({
  itemId: row.itemId,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

export const toExportWord = (row: {
  word: string;
  createdAt: Date;
}): AccountExport['words'][number] => ({ word: row.word, createdAt: row.createdAt.toISOString() });

export const toExportComment = (row: {
  id: number;
  itemId: string;
  attemptId: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}): AccountExport['comments'][number] => ({
  id: String(row.id),
  itemId: row.itemId,
  attemptId: String(row.attemptId),
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An attempt as its history shows it, with the recording link made absolute for the file. */
export const toExportAttempt = (
  attempt: Attempt,
  absolute: (url: string) => string,
): AccountExport['attempts'][number] => {
  const answer = attempt.answer as { recording?: { url?: unknown } } | null;
  if (answer && typeof answer === 'object' && typeof answer.recording?.url === 'string') {
    return {
      ...attempt,
      answer: {
        ...answer,
        recording: { ...answer.recording, url: absolute(answer.recording.url) },
      },
    };
  }
  return attempt;
};

export const toExportRecording = (
  row: {
    attemptId: string;
    itemId: string;
    url: string;
    durationSeconds: number | null;
    createdAt: Date;
  },
  absolute: (url: string) => string,
): AccountExport['recordings'][number] => ({
  attemptId: row.attemptId,
  itemId: row.itemId,
  url: absolute(row.url),
  durationSeconds: row.durationSeconds,
  createdAt: row.createdAt.toISOString(),
});

export const toExportMockExam = (paper: {
  publicId: string;
  blueprintId: string;
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
  readyAt: Date | null;
  discardedAt: Date | null;
  report: unknown;
  items: {
    itemIndex: number;
    itemId: string;
    type: string;
    draft: unknown;
    submittedAt: Date | null;
    answer: unknown;
    scoring: string;
    attemptId: number | null;
    score: number | null;
    max: number | null;
    timeSpentSeconds: number;
  }[];
}): AccountExport['mockExams'][number] => ({
  publicId: paper.publicId,
  blueprintId: paper.blueprintId,
  status: paper.status,
  createdAt: paper.createdAt.toISOString(),
  finishedAt: paper.finishedAt?.toISOString() ?? null,
  readyAt: paper.readyAt?.toISOString() ?? null,
  discardedAt: paper.discardedAt?.toISOString() ?? null,
  report: paper.report,
  items: paper.items.map((item) => ({
    itemIndex: item.itemIndex,
    itemId: item.itemId,
    type: item.type,
    draft: item.draft,
    submittedAt: item.submittedAt?.toISOString() ?? null,
    answer: item.answer,
    scoring: item.scoring,
    attemptId: item.attemptId === null ? null : String(item.attemptId),
    score: item.score,
    max: item.max,
    timeSpentSeconds: item.timeSpentSeconds,
  })),
});
