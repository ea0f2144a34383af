import {
  DEFAULT_PRACTICE_SETTINGS,
  type ExamedResult,
  type PracticeSettings,
  type WrittenTypeCode,
} from '@ninety/contract';
import { Skeleton } from 'antd';
import { useEffect } from 'react';
import { useItemType } from '../registry';
import { PracticePreferencesContext } from '../shared/practice-preferences';
import type { ItemType, SpeakingItemType, SpeakingTypeCode, WrittenItemType } from '../types';
import { RunnerPolicyContext } from './policy';
import { preloadResultPanel } from './scored-attempt-panel';
import { SpeakingRunner } from './speaking-runner';
import type { DraftPlace } from './use-answer-state';
import type { RecordedTake } from './use-speaking-take';
import { WrittenRunner, type WrittenRunnerProps } from './written-runner';

/** What any item needs: the written runner's options, each item's own part set by the runner. */
export interface ItemRunnerProps extends Omit<
  WrittenRunnerProps<WrittenTypeCode>,
  'type' | 'preferences' | 'draft'
> {
  /** The learner's playback speed, auto-play and when the key shows. */
  preferences?: PracticeSettings;
  /** Stores and scores a recording; null: stored, with no result to show (a mock exam). */
  onRecorded: (take: RecordedTake) => Promise<ExamedResult | null>;
  /** Where a written answer in progress is kept; default: nowhere. */
  draft?: DraftPlace;
}

const NO_DRAFT: DraftPlace = { key: null };

/**
 * Any item, answered under a policy: the one runner for practice now and for mock exams and
 * intensive listening later. Callers give the item, how answers are stored, and the policy.
 * The item's type is loaded on its own (issue 23); until it is in, the same skeleton as the
 * item's own loading stands in its place.
 */
export function ItemRunner(props: ItemRunnerProps) {
  const type = useItemType(props.item.type);
  // The result panel is a chunk of its own: fetched while the learner reads, not after a submit.
  useEffect(() => preloadResultPanel(), []);
  return type ? (
    <LoadedItemRunner {...props} type={type} />
  ) : (
    <Skeleton active paragraph={{ rows: 8 }} />
  );
}

function LoadedItemRunner({
  type,
  preferences = DEFAULT_PRACTICE_SETTINGS,
  draft = NO_DRAFT,
  onRecorded,
  onSubmit,
  answerAction,
  onRedo,
  onTimeUp,
  timeLimitSeconds,
  ...common
}: ItemRunnerProps & { type: ItemType }) {
  // The union of the 23 concrete types is not one generic type to TypeScript (answers vary with
  // the code); the item's own code picked the type, so its content and answers agree.
  const written = type.kind === 'written' ? (type as WrittenItemType<WrittenTypeCode>) : null;
  const speaking = type.kind === 'speaking' ? (type as SpeakingItemType<SpeakingTypeCode>) : null;
  return (
    <RunnerPolicyContext.Provider value={common.policy}>
      <PracticePreferencesContext.Provider value={preferences}>
        {written ? (
          <WrittenRunner
            key={common.item.id}
            {...common}
            type={written}
            preferences={preferences}
            onSubmit={onSubmit}
            answerAction={answerAction}
            onRedo={onRedo}
            onTimeUp={onTimeUp}
            timeLimitSeconds={timeLimitSeconds}
            draft={draft}
          />
        ) : (
          speaking && (
            <SpeakingRunner
              key={common.item.id}
              {...common}
              type={speaking}
              preferences={preferences}
              onRecorded={onRecorded}
            />
          )
        )}
      </PracticePreferencesContext.Provider>
    </RunnerPolicyContext.Provider>
  );
}
