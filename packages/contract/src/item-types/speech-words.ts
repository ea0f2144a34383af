import type { Item } from './item-schema';
import { toWords } from './text';

/**
 * What the speech engine must be able to pronounce. The engine aligns and spots words through a
 * pronunciation dictionary (CMUdict), so every word a learner is expected to say has to be in it:
 * the text of Read Aloud, the sentence of Repeat Sentence, accepted answers, sample answers and the
 * keywords that keyword spotting listens for. The content import checks these texts; the engine
 * splits them the same way.
 */

/** A text the learner is expected to say, with the field it comes from. */
export interface SpokenText {
  path: string;
  text: string;
}

/** The spoken texts of an item; empty for types the learner answers in writing or by clicking. */
export function spokenTextsOf(item: Item): SpokenText[] {
  switch (item.type) {
    case 'RA':
      return [{ path: 'content.text', text: item.content.text }];
    case 'RS':
      return [{ path: 'key.transcript', text: item.key.transcript }];
    case 'ASQ':
      return item.key.acceptedAnswers.map((answer, index) => ({
        path: `key.acceptedAnswers[${index}]`,
        text: answer,
      }));
    case 'PI':
      return item.key.sampleAnswer
        ? [{ path: 'key.sampleAnswer', text: item.key.sampleAnswer }]
        : [];
    case 'DI':
    case 'RL':
    case 'RTS':
    case 'SGD':
      return [
        { path: 'key.sampleAnswer', text: item.key.sampleAnswer },
        ...item.key.keyPoints.flatMap((keyPoint, pointIndex) =>
          keyPoint.keywords.map((keyword, keywordIndex) => ({
            path: `key.keyPoints[${pointIndex}].keywords[${keywordIndex}]`,
            text: keyword,
          })),
        ),
      ];
    default:
      return [];
  }
}

/**
 * The dictionary words of a spoken text: lower-case, punctuation stripped (toWords), and hyphenated
 * compounds kept whole when the dictionary has them, else split into their parts ("long-term" is
 * one entry, "coal-fired" is two). Digits are kept as they are so the check can ask for numbers to
 * be written out: the engine cannot guess whether "1990" is read as a year or a number.
 */
export function speechWords(text: string, hasWord: (word: string) => boolean): string[] {
  return toWords(text).flatMap((word) =>
    word.includes('-') && !hasWord(word) ? word.split('-').filter(Boolean) : [word],
  );
}

/** The words of a spoken text the dictionary lacks, each once, in order of appearance. */
export function missingSpeechWords(text: string, hasWord: (word: string) => boolean): string[] {
  const missing = new Set<string>();
  for (const word of speechWords(text, hasWord)) if (!hasWord(word)) missing.add(word);
  return [...missing];
}
