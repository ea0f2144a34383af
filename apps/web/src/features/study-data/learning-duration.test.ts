import { beforeEach, describe, expect, it } from 'vitest';
import { localKeys } from '../../lib/storage-keys';
import {
  readLearningDuration,
  returnStudySeconds,
  studyDate,
  takeStudySeconds,
  tickLearningDuration,
  writeLearningDuration,
  type LearningDuration,
} from './learning-duration';

// 10:00:20 in Beijing on 2026-11-22.
const at = (iso: string) => new Date(iso);
const morning = at('2026-11-22T02:00:20Z');

describe('tickLearningDuration', () => {
  it('starts a record with the first minute', () => {
    expect(tickLearningDuration(null, morning)).toEqual({
      counted: true,
      record: { date: '2026-11-22', today: 1, total: 1, updateTime: morning.getTime() },
    });
  });

  it('counts each distinct minute once', () => {
    const first = tickLearningDuration(null, morning).record;
    // Same clock minute (another tab, a re-mounted page): nothing counted.
    const same = tickLearningDuration(first, at('2026-11-22T02:00:59Z'));
    expect(same).toEqual({ counted: false, record: first });
    const next = tickLearningDuration(first, at('2026-11-22T02:01:00Z'));
    expect(next.counted).toBe(true);
    expect(next.record).toMatchObject({ today: 2, total: 2 });
  });

  it('resets today, not the total, when the Beijing date changes', () => {
    const lateEvening: LearningDuration = {
      date: '2026-11-22',
      today: 45,
      total: 300,
      updateTime: at('2026-11-22T15:59:10Z').getTime(),
    };
    // 00:00:10 on the 23rd in Beijing, while UTC is still on the 22nd.
    const { record, counted } = tickLearningDuration(lateEvening, at('2026-11-22T16:00:10Z'));
    expect(counted).toBe(true);
    expect(record).toMatchObject({ date: '2026-11-23', today: 1, total: 301 });
  });

  it('starts today afresh after days away', () => {
    const old: LearningDuration = { date: '2026-11-01', today: 9, total: 9, updateTime: 0 };
    expect(tickLearningDuration(old, morning).record).toMatchObject({
      date: '2026-11-22',
      today: 1,
      total: 10,
    });
  });

  it('dates by Beijing time', () => {
    expect(studyDate(at('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(studyDate(at('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
});

describe('the stored record', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips and ignores what is not a record', () => {
    expect(readLearningDuration()).toBeNull();
    const record = { date: '2026-11-22', today: 3, total: 7, updateTime: 1 };
    writeLearningDuration(record);
    expect(readLearningDuration()).toEqual(record);
    localStorage.setItem(localKeys.learningDuration, '{"date":"x","today":-1}');
    expect(readLearningDuration()).toBeNull();
    localStorage.setItem(localKeys.learningDuration, 'not json');
    expect(readLearningDuration()).toBeNull();
  });
});

describe('unsent study seconds', () => {
  beforeEach(() => localStorage.clear());

  it('sends a minute, and adds the minutes a failed call put back', () => {
    expect(takeStudySeconds('2026-11-22')).toBe(60);
    returnStudySeconds('2026-11-22', 60);
    returnStudySeconds('2026-11-22', 60);
    expect(takeStudySeconds('2026-11-22')).toBe(180);
    expect(takeStudySeconds('2026-11-22')).toBe(60);
  });

  it('drops yesterday’s leftovers and never sends more than an hour at once', () => {
    returnStudySeconds('2026-11-21', 600);
    expect(takeStudySeconds('2026-11-22')).toBe(60);
    returnStudySeconds('2026-11-22', 3600);
    expect(takeStudySeconds('2026-11-22')).toBe(3600);
    expect(takeStudySeconds('2026-11-22')).toBe(120);
  });
});
