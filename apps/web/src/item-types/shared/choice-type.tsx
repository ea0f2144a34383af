import type { ChoiceOption, WrittenTypeCode } from '@ninety/contract';
import type { ReactNode } from 'react';
import type { RendererProps, WrittenItemType } from '../types';
import { ChoiceList } from './choice-list';
import { ChoicesEvidence } from './choices-evidence';
import type { PromptAudio } from './prompt-audio';
import styles from './shared.module.css';

type ChoiceCode = 'RMCM' | 'RMCS' | 'LMCM' | 'LMCS' | 'HCS' | 'SMW';

interface ChoiceContent {
  passage?: string;
  question?: string;
  audio?: { src: string; durationSeconds: number };
  options: ChoiceOption[];
}

/**
 * The six choice types differ only in their prompt (passage or audio), question and count. Their
 * answers are all a ChoiceAnswer; TypeScript cannot see that through the generic code, hence the
 * casts at the edges.
 */
export function choiceType<C extends ChoiceCode & WrittenTypeCode>(
  code: C,
  {
    multiple,
    instruction,
    fixedQuestion,
    Audio,
  }: {
    multiple: boolean;
    instruction: string;
    fixedQuestion?: string;
    /**
     * The listening types' prompt player (`PromptAudio`), passed by those types' modules so that
     * a reading type's chunk does not carry its Segmented, Slider and Progress (issue 23).
     */
    Audio?: typeof PromptAudio;
  },
): WrittenItemType<C> {
  function Renderer({ content, answer, onChange, result }: RendererProps<C>): ReactNode {
    const choice = content as unknown as ChoiceContent;
    const chosen = (answer as { chosen: string[] }).chosen;
    return (
      <>
        {choice.audio && Audio && (
          <Audio
            src={choice.audio.src}
            durationSeconds={choice.audio.durationSeconds}
            isAnswered={result !== null}
          />
        )}
        {choice.passage && (
          <p className={styles.passage} lang="en">
            {choice.passage}
          </p>
        )}
        <p className={styles.question} lang="en">
          {choice.question ?? fixedQuestion}
        </p>
        <ChoiceList
          name={`${code}-options`}
          options={choice.options}
          multiple={multiple}
          chosen={chosen}
          result={result}
          onChange={(next) => onChange({ chosen: next } as RendererProps<C>['answer'])}
        />
      </>
    );
  }
  return {
    code,
    kind: 'written',
    instruction,
    emptyAnswer: () => ({ chosen: [] }) as unknown as RendererProps<C>['answer'],
    isAnswered: (answer) => (answer as { chosen: string[] }).chosen.length > 0,
    Renderer,
    Evidence: ChoicesEvidence,
  };
}
