/**
 * The upload task's states and moves (spec §3 "Upload task states", §4 "Upload task"): a waiting
 * task becomes checking when it starts and uploading on its first progress; it ends as success or
 * error; a running or waiting task can be paused; a paused or errored task can be restarted (to
 * waiting); a task that has not ended can be canceled. Success and canceled are final.
 */
export type UploadTaskStatus =
  'waiting' | 'checking' | 'uploading' | 'success' | 'error' | 'paused' | 'canceled';

export type UploadTaskEvent =
  'start' | 'progress' | 'succeed' | 'fail' | 'pause' | 'restart' | 'cancel';

const running = {
  succeed: 'success',
  fail: 'error',
  pause: 'paused',
  cancel: 'canceled',
} as const;

const MOVES: Record<UploadTaskStatus, Partial<Record<UploadTaskEvent, UploadTaskStatus>>> = {
  waiting: { start: 'checking', pause: 'paused', cancel: 'canceled' },
  checking: { progress: 'uploading', ...running },
  uploading: { progress: 'uploading', ...running },
  paused: { restart: 'waiting', cancel: 'canceled' },
  error: { restart: 'waiting', cancel: 'canceled' },
  success: {},
  canceled: {},
};

/** The state after `event`, or null when the task cannot make that move from `status`. */
export function nextStatus(
  status: UploadTaskStatus,
  event: UploadTaskEvent,
): UploadTaskStatus | null {
  return MOVES[status][event] ?? null;
}

export const canMove = (status: UploadTaskStatus, event: UploadTaskEvent) =>
  nextStatus(status, event) !== null;

/** Checking or uploading: bytes or calls are in flight. */
export const isRunning = (status: UploadTaskStatus) =>
  status === 'checking' || status === 'uploading';

export const isFinal = (status: UploadTaskStatus) => status === 'success' || status === 'canceled';

/** The learner-facing name of each state. */
export const uploadStatusText: Record<UploadTaskStatus, string> = {
  waiting: '等待上传',
  checking: '正在检查',
  uploading: '正在上传',
  success: '上传成功',
  error: '上传失败',
  paused: '已暂停',
  canceled: '已取消',
};
