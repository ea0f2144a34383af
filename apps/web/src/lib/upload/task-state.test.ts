import { describe, expect, it } from 'vitest';
import {
  isFinal,
  isRunning,
  nextStatus,
  type UploadTaskEvent,
  type UploadTaskStatus,
} from './task-state';

const statuses: UploadTaskStatus[] = [
  'waiting',
  'checking',
  'uploading',
  'success',
  'error',
  'paused',
  'canceled',
];
const events: UploadTaskEvent[] = [
  'start',
  'progress',
  'succeed',
  'fail',
  'pause',
  'restart',
  'cancel',
];

/** Every move the spec allows (§4 "Upload task"), and no other. */
const allowed: Record<string, UploadTaskStatus> = {
  'waiting start': 'checking',
  'waiting pause': 'paused',
  'waiting cancel': 'canceled',
  'checking progress': 'uploading',
  'checking succeed': 'success',
  'checking fail': 'error',
  'checking pause': 'paused',
  'checking cancel': 'canceled',
  'uploading progress': 'uploading',
  'uploading succeed': 'success',
  'uploading fail': 'error',
  'uploading pause': 'paused',
  'uploading cancel': 'canceled',
  'paused restart': 'waiting',
  'paused cancel': 'canceled',
  'error restart': 'waiting',
  'error cancel': 'canceled',
};

describe('upload task states', () => {
  it.each(statuses.flatMap((status) => events.map((event) => [status, event] as const)))(
    '%s + %s',
    (status, event) => {
      expect(nextStatus(status, event)).toBe(allowed[`${status} ${event}`] ?? null);
    },
  );

  it('walks the spec’s life of a task: start, first progress, pause, restart, success', () => {
    const path: UploadTaskEvent[] = [
      'start',
      'progress',
      'pause',
      'restart',
      'start',
      'progress',
      'succeed',
    ];
    const visited = path.reduce<UploadTaskStatus[]>(
      (seen, event) => [...seen, nextStatus(seen.at(-1)!, event)!],
      ['waiting'],
    );
    expect(visited).toEqual([
      'waiting',
      'checking',
      'uploading',
      'paused',
      'waiting',
      'checking',
      'uploading',
      'success',
    ]);
  });

  it('names running and final states', () => {
    expect(statuses.filter(isRunning)).toEqual(['checking', 'uploading']);
    expect(statuses.filter(isFinal)).toEqual(['success', 'canceled']);
  });
});
