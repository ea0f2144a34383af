import type { PracticeSettings } from './settings';

/**
 * Practice settings' plain constants, without zod: `settings.ts` builds the schemas from them and
 * re-exports them, so a page that only needs the defaults (the exercise page) loads no zod
 * (issue 23).
 */

export const PLAYBACK_RATES = [0.8, 1, 1.2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** `afterSubmit`: the key and 解析 open by themselves after a submit; `onRequest`: only on a click. */
export const ANSWER_DISPLAYS = ['afterSubmit', 'onRequest'] as const;
export type AnswerDisplay = (typeof ANSWER_DISPLAYS)[number];

/** The public path the app serves its own media under (object storage, design §7). */
export const MEDIA_PATH_PREFIX = '/files/';
export const AVATAR_MAX_LENGTH = 300;

/** What a learner who never saved anything gets. */
export const DEFAULT_PRACTICE_SETTINGS: PracticeSettings = {
  playbackRate: 1,
  autoPlayAudio: true,
  answerDisplay: 'afterSubmit',
  avatar: null,
};
