/**
 * The learner-error development set (dev-set.txt): sentences as learners write them, each with its
 * correction and category. Every third sentence is held out of rule tuning and reported apart, so
 * the figures say how the rules do on sentences they were not written against.
 */
export interface DevSentence {
  category: string;
  wrong: string;
  correct: string;
  heldOut: boolean;
}

export function parseDevSet(text: string): DevSentence[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((line, index) => {
      const [category, wrong, correct] = line.split(' | ').map((part) => part.trim());
      if (!category || !wrong || !correct) throw new Error(`dev-set line ${index + 1}: ${line}`);
      return { category, wrong, correct, heldOut: index % 3 === 2 };
    });
}

export interface Tally {
  erroneous: number;
  detected: number;
  corrected: number;
  falseAlarms: number;
}

export interface DevSetFigures {
  byCategory: Record<string, Tally>;
  overall: Tally;
}

/**
 * Recall on the erroneous sentences and false alarms on their corrected versions, per category
 * and overall. The "correct" category has no erroneous version: only its false alarms count.
 */
export async function measureDevSet(
  sentences: readonly DevSentence[],
  flags: (sentence: string) => Promise<boolean>,
): Promise<DevSetFigures> {
  const byCategory: Record<string, Tally> = {};
  const overall: Tally = { erroneous: 0, detected: 0, corrected: 0, falseAlarms: 0 };
  for (const sentence of sentences) {
    const tally = (byCategory[sentence.category] ??= {
      erroneous: 0,
      detected: 0,
      corrected: 0,
      falseAlarms: 0,
    });
    if (sentence.category !== 'correct') {
      const hit = await flags(sentence.wrong);
      tally.erroneous += 1;
      overall.erroneous += 1;
      if (hit) {
        tally.detected += 1;
        overall.detected += 1;
      }
    }
    const alarm = await flags(sentence.correct);
    tally.corrected += 1;
    overall.corrected += 1;
    if (alarm) {
      tally.falseAlarms += 1;
      overall.falseAlarms += 1;
    }
  }
  return { byCategory, overall };
}

export const recallOf = (tally: Tally) => (tally.erroneous ? tally.detected / tally.erroneous : 0);
export const falseAlarmRateOf = (tally: Tally) =>
  tally.corrected ? tally.falseAlarms / tally.corrected : 0;
