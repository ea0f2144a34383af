/**
 * Links to learners' recordings that are handed only to their owner (with their own attempts)
 * and that expire: the attempt stores the recording's plain path, and what leaves the server
 * (attempts.mapper.ts) carries an expiry and an HMAC of path and expiry. The file route refuses a
 * recording without a valid, unexpired signature (plugins/media.ts). A link works for whoever
 * holds it, like any bearer link, but one copied out of a page, a log or a browser's history
 * stops working within hours.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';

/** A link is valid for at least this long after it is handed out… */
const LINK_SECONDS = 6 * 60 * 60;
/**
 * …and its expiry is rounded up to the hour, so links handed out within the same clock hour are
 * the same: a history refetch rarely changes an <audio> element's source under a learner.
 */
const ROUND_SECONDS = 60 * 60;

export interface RecordingLinks {
  /** The path a browser may load the recording from, for its owner, for a while. */
  sign(path: string): string;
  /** The same kind of link, valid for exactly `seconds` (the local storage's private links). */
  signFor(path: string, seconds: number): string;
  /** Whether `path` (no query) with these query values is a link `sign` made and still valid. */
  verify(path: string, expires: unknown, signature: unknown): boolean;
}

export function recordingLinks(secret: string, clock: Clock): RecordingLinks {
  // A key of its own, so a recording link can never stand in for another HMAC of AUTH_SECRET.
  const key = createHmac('sha256', secret).update('ninety recording links v1').digest();
  const mac = (path: string, expires: number) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
  return {
    sign(path) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const expires = Math.ceil((now + LINK_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
      return `${path}?expires=${expires}&signature=${mac(path, expires)}`;
    },
    signFor(path, seconds) {
      const expires = Math.floor(clock.now().getTime() / 1000) + Math.max(1, Math.ceil(seconds));
      return `${path}?expires=${expires}&signature=${mac(path, expires)}`;
    },
    verify(path, expires, signature) {
      if (typeof expires !== 'string' || typeof signature !== 'string') return false;
      if (!/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      if (at * 1000 <= clock.now().getTime()) return false;
      const expected = Buffer.from(mac(path, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
