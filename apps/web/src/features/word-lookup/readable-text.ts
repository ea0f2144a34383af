/** Blank markers of fill-in items ({{1}}) read as a gap in the reading panel. */
const BLANK = /\{\{\d+\}\}/g;

/**
 * The text a learner can already see in an item's content (never its hidden key): the passage,
 * the read-aloud text, an on-screen transcript, or reorder paragraphs. Null when there is none.
 */
export function readableText(content: Record<string, unknown>): string | null {
  const parts: string[] = [];
  for (const field of ['text', 'passage', 'transcript']) {
    const value = content[field];
    if (typeof value === 'string' && value.trim() !== '') parts.push(value);
  }
  const paragraphs = content.paragraphs;
  if (Array.isArray(paragraphs)) {
    for (const paragraph of paragraphs) {
      const value = (paragraph as { text?: unknown } | null)?.text;
      if (typeof value === 'string' && value.trim() !== '') parts.push(value);
    }
  }
  if (parts.length === 0) return null;
  return parts.join('\n\n').replace(BLANK, '____');
}
