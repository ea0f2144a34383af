import { createContext, useContext } from 'react';

/**
 * How an item is run: the same item type in practice (the learner's conveniences) or as in the
 * test (a mock exam). The runner and the prompt players read it; the item types do not care.
 */
export interface RunnerPolicy {
  mode: 'practice' | 'exam';
  /** Listening prompts: start now, replay, speed and the learner's auto-play setting. */
  canReplayPrompt: boolean;
  /** Speaking countdowns (prompt delay, preparation) can be skipped. */
  canSkipWaits: boolean;
  /** A scored answer can be done again (重做). */
  canRedo: boolean;
  /** The key can be opened before answering (查看答案). */
  canShowAnswer: boolean;
  /** The score and evidence show after submitting; an exam shows them at its end. */
  showsResult: boolean;
  /**
   * The answer clock ends the answer: when it runs out the answer is submitted as it stands and
   * the item is done. Without it the box only closes (the learner may still submit).
   */
  enforcesTime: boolean;
  /** A speaking item starts by itself (in an exam the microphone was set up beforehand). */
  startsByItself: boolean;
}

export const practicePolicy: RunnerPolicy = {
  mode: 'practice',
  canReplayPrompt: true,
  canSkipWaits: true,
  canRedo: true,
  canShowAnswer: true,
  showsResult: true,
  enforcesTime: false,
  startsByItself: false,
};

export const examPolicy: RunnerPolicy = {
  mode: 'exam',
  canReplayPrompt: false,
  canSkipWaits: false,
  canRedo: false,
  canShowAnswer: false,
  showsResult: false,
  enforcesTime: true,
  startsByItself: true,
};

/** The policy of the item on screen; outside a runner (renderer tests, previews): practice. */
export const RunnerPolicyContext = createContext<RunnerPolicy>(practicePolicy);

export function useRunnerPolicy(): RunnerPolicy {
  return useContext(RunnerPolicyContext);
}
