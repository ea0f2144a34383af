import { transcriptTokens } from '@ninety/contract';

/**
 * A stored answer as lines a reader understands without the exercise in front of them: the words
 * put in each blank, the options chosen with their text, the paragraph order, the words picked,
 * the text typed. Only what the learner gave: the key stays out, so a shared wrong answer does
 * not hand the right one to a signed-out reader.
 */

const UNANSWERED = '（未作答）';
/** Words of a paragraph shown after its letter: enough to recognise it. */
const PARAGRAPH_PREVIEW_WORDS = 8;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((entry): entry is number => typeof entry === 'number') : [];

function textOf(list: unknown, id: string): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const entry: unknown = list.find((candidate) => isRecord(candidate) && candidate['id'] === id);
  return isRecord(entry) && typeof entry['text'] === 'string' ? entry['text'] : undefined;
}

function preview(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > PARAGRAPH_PREVIEW_WORDS
    ? `${words.slice(0, PARAGRAPH_PREVIEW_WORDS).join(' ')}…`
    : words.join(' ');
}

export function readableAnswer(content: unknown, answer: unknown): string[] {
  const item = isRecord(content) ? content : {};
  if (!isRecord(answer)) return [UNANSWERED];

  if ('blanks' in answer) {
    const blanks = strings(answer['blanks']);
    if (blanks.length === 0) return [UNANSWERED];
    return blanks.map((given, index) => `第 ${index + 1} 空：${given.trim() || UNANSWERED}`);
  }
  if ('chosen' in answer) {
    const chosen = [...strings(answer['chosen'])].sort();
    if (chosen.length === 0) return [UNANSWERED];
    return chosen.map((id) => {
      const text = textOf(item['options'], id);
      return text ? `${id}. ${text}` : id;
    });
  }
  if ('order' in answer) {
    const order = strings(answer['order']);
    if (order.length === 0) return [UNANSWERED];
    return [
      `顺序：${order.join(' → ')}`,
      ...order.map((id) => {
        const text = textOf(item['paragraphs'], id);
        return text ? `${id}. ${preview(text)}` : id;
      }),
    ];
  }
  if ('words' in answer) {
    const indexes = numbers(answer['words']);
    if (indexes.length === 0) return [UNANSWERED];
    const tokens =
      typeof item['transcript'] === 'string' ? transcriptTokens(item['transcript']) : [];
    const words = [...indexes]
      .sort((a, b) => a - b)
      .map((index) => tokens[index] ?? `第 ${index + 1} 个词`);
    return [`选出的词：${words.join('、')}`];
  }
  if (typeof answer['text'] === 'string') {
    return answer['text'].trim() ? [answer['text'].trim()] : [UNANSWERED];
  }
  return [UNANSWERED];
}
