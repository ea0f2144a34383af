/**
 * Study time's plain constants, without zod: `study.ts` builds the schemas from them and
 * re-exports them, so the exercise page, which counts practice and study minutes, loads no zod
 * (issue 23).
 */
/** `type=1`: `business` is seconds of study time (the web client sends 60 per counted minute). */
export const STUDY_TYPE_TIME = 1;
/** `type=2`: `business` must be 1, one practice. */
export const STUDY_TYPE_PRACTICE = 2;
/** Seconds the client adds for one counted minute (spec §7). */
export const STUDY_SECONDS_PER_TICK = 60;
/**
 * The most one call may add. An hour lets a client flush minutes it could not send while offline
 * in one call, yet one call can never claim more than an hour.
 */
export const STUDY_MAX_SECONDS_PER_CALL = 3600;
/** A day cannot hold more study time than it has seconds: the stored figure is capped there. */
export const STUDY_MAX_SECONDS_PER_DAY = 24 * 3600;
/** Days the figures list back, today included. */
export const STUDY_RECENT_DAYS = 7;
