import { normalizeTypedText } from '@ninety/contract';

/** Punctuation kept in typed answers besides word characters and whitespace (spec §5). */
export const TYPED_PUNCTUATION = `.,;:!?'"-()/`;

const escapedPunctuation = TYPED_PUNCTUATION.replace(/[\\\]^-]/g, '\\$&');

const allowed = new RegExp(`^[\\w\\s${escapedPunctuation}]*$`);

/**
 * Spec §5: drops every character that is not allowed in a typed answer, then trims leading
 * whitespace (so a dropped character cannot leave a space at the start). A character is judged as
 * the scorers read it (normalizeTypedText, issue 17), so look-alikes survive as typed: "’" is an
 * apostrophe and "，" a comma (the page and the scorer still see the Chinese punctuation and say
 * so), while "你" or "😀" go. A character the normaliser drops (zero-width) goes too.
 */
export function sanitizeTyped(text: string): string {
  let kept = '';
  // One base character with its combining marks at a time, as the normaliser reads them.
  for (const [cluster] of text.matchAll(/\P{M}\p{M}*|\p{M}+/gsu)) {
    const read = normalizeTypedText(cluster).text;
    if (read !== '' && allowed.test(read)) kept += cluster;
  }
  return kept.trimStart();
}
