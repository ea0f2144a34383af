/** Punctuation kept in typed answers besides word characters and whitespace (spec §5). */
export const TYPED_PUNCTUATION = `.,;:!?'"-()/`;

const escapedPunctuation = TYPED_PUNCTUATION.replace(/[\\\]^-]/g, '\\$&');
const disallowed = new RegExp(`[^\\w\\s${escapedPunctuation}]`, 'g');

/**
 * Drops every character that is not allowed in a typed answer, then trims leading whitespace (so a
 * dropped character cannot leave a space at the start).
 */
export function sanitizeTyped(text: string): string {
  return text.replace(disallowed, '').trimStart();
}

/** Word lookup only applies to tokens that start with a letter or a digit. */
export function isLookupToken(token: string): boolean {
  return /^[A-Za-z0-9]/.test(token);
}
