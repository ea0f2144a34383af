/**
 * Choice items (pte-rules §Part 2, §Part 3):
 * - multiple answers (RMCM, LMCM): +1 per correct option chosen, −1 per wrong one, never below 0;
 * - one answer (RMCS, HCS, LMCS, SMW): 1 when the one chosen option is the right one, else 0.
 */

export interface OptionVerdict {
  id: string;
  /** The learner chose it. */
  chosen: boolean;
  /** The key has it. */
  correct: boolean;
}

export interface ChoiceResult {
  score: number;
  max: number;
  /** One entry per option id that is either chosen or correct, in the order given to the scorer. */
  options: OptionVerdict[];
}

function verdicts(correct: readonly string[], chosen: ReadonlySet<string>): OptionVerdict[] {
  const ids = [...new Set([...correct, ...chosen])];
  const right = new Set(correct);
  return ids.map((id) => ({ id, chosen: chosen.has(id), correct: right.has(id) }));
}

/** RMCM, LMCM. Choosing an option twice counts once. */
export function scoreMultipleChoice(
  correct: readonly string[],
  chosen: readonly string[],
): ChoiceResult {
  const options = verdicts(correct, new Set(chosen));
  const right = options.filter((option) => option.chosen && option.correct).length;
  const wrong = options.filter((option) => option.chosen && !option.correct).length;
  return { score: Math.max(0, right - wrong), max: correct.length, options };
}

/** RMCS, HCS, LMCS, SMW. More than one chosen option is not an answer. */
export function scoreSingleChoice(
  correct: readonly string[],
  chosen: readonly string[],
): ChoiceResult {
  const unique = new Set(chosen);
  const [only] = unique;
  const isRight = unique.size === 1 && only !== undefined && correct.includes(only);
  return { score: isRight ? 1 : 0, max: 1, options: verdicts(correct, unique) };
}
