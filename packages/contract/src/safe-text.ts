import { z } from 'zod';

/**
 * Text the database can store. PostgreSQL refuses a NUL character (U+0000) in `text` and a lone
 * UTF-16 surrogate (half of an emoji, cut) in `jsonb`: either used to reach a query and answer
 * 500 (issue 18, finding 3). They are refused at the door with 40001, never stripped, so what is
 * stored is what the learner sent. With the `u` flag, \p{Cs} matches only a surrogate without its
 * other half.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export const UNSTORABLE_TEXT_MESSAGE = '不能包含空字符（\\0）或不完整的 Unicode 字符';

export function hasUnstorableCharacter(value: string): boolean {
  return UNSTORABLE.test(value);
}

/** A string field that refuses NUL and lone surrogates; every free-text field starts from it. */
export const safeText = () =>
  z.string().refine((value) => !hasUnstorableCharacter(value), UNSTORABLE_TEXT_MESSAGE);
