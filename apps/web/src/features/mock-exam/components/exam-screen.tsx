import type { ItemDetail, MockCurrentItem, MockPaperState } from '@ninety/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result } from 'antd';
import { confirm } from '../../../lib/confirm';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  examPolicy,
  ItemRunner,
  itemKindOf,
  PromptVolumeContext,
  type PromptVolume,
  type RecordedTake,
} from '../../../item-types';
import { HttpError } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { fetchPaper, usePaper } from '../api/get-paper';
import { finishPaper } from '../api/finish-paper';
import { saveDraft } from '../api/save-draft';
import { submitAnswer } from '../api/submit-answer';
import { deliverRecording } from '../lib/deliver-recording';
import { untilDelivered } from '../lib/durable-call';
import { deadlineOf, lowTimeSecondsOf, useExamClock } from '../lib/exam-clock';
import { TEXT_SIZES, useExamTextSize } from '../lib/exam-text-size';
import { findRecording, forgetRecording, keepRecording } from '../lib/pending-recordings';
import { createServerDraftStore, type SaveStatus } from '../lib/server-draft-store';
import { MicrophoneCheckStep } from './exam-check-in';
import styles from './exam.module.css';
import { Noteboard } from './noteboard';

/** The current item as the runner takes it (an exam item has no list fields). */
function examItem(current: MockCurrentItem): ItemDetail {
  return {
    id: current.itemId,
    type: current.type,
    number: current.index + 1,
    title: '',
    difficulty: 0,
    topics: [],
    updatedAt: '',
    isNew: false,
    isHighFrequency: false,
    isFull: false,
    practiceCount: 0,
    practised: null,
    practisedCount: null,
    color: null,
    content: current.content,
  };
}

const draftKey = (paperId: string, index: number) => `mock:${paperId}:${index}`;

function ExamTimer({ deadline, lowSeconds }: { deadline: number; lowSeconds: number }) {
  const clock = useExamClock(deadline, lowSeconds);
  const [isHidden, setIsHidden] = useState(false);
  if (!clock) return null;
  return (
    <button
      type="button"
      role="timer"
      aria-label="Time Remaining"
      title="Click to hide or show the timer"
      className={`${styles.timer} ${clock.isLow ? styles.timerLow : ''}`}
      onClick={() => setIsHidden((hidden) => !hidden)}
    >
      {isHidden ? 'Show timer' : clock.text}
    </button>
  );
}

export interface ExamScreenProps {
  paperId: string;
  /** The paper was just started on this page (a click started it: audio may play at once). */
  isFreshStart: boolean;
}

/**
 * The test itself, full screen and in English: the current item in the runner under the exam
 * policy, the server's clock top right, "n of N", and every answer saved to the server as the
 * item ends. A reload or a lost connection resumes on the same item with the server's time.
 */
export function ExamScreen({ paperId, isFreshStart }: ExamScreenProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const paper = usePaper(paperId);
  const [hasBegun, setHasBegun] = useState(isFreshStart);
  const [isResuming, setIsResuming] = useState(false);
  const [isOnline, setIsOnline] = useState(true);
  const [draftStatus, setDraftStatus] = useState<SaveStatus>('saved');
  const [isFinishing, setIsFinishing] = useState(false);
  // A reload or a new tab: the microphone is checked again before the next speaking question.
  const [needsMicrophoneCheck, setNeedsMicrophoneCheck] = useState(!isFreshStart);
  const [isNoteboardOpen, setIsNoteboardOpen] = useState(false);
  const textSize = useExamTextSize();
  // The audio status box's volume, kept from question to question as the test keeps it.
  const [volume, setVolume] = useState(1);
  const promptVolume = useMemo<PromptVolume>(
    () => ({ volume, setVolume, label: 'Volume' }),
    [volume],
  );
  /** The paper after the item just answered, applied once the runner says the item is over. */
  const next = useRef<MockPaperState | null>(null);

  const apply = (state: MockPaperState) => {
    next.current = null;
    queryClient.setQueryData(queryKeys.mock.paper(paperId), state);
  };
  const deliver = <T,>(call: () => Promise<T>) => untilDelivered(call, setIsOnline);
  /** A refusal (time over, already submitted): the server's state says where the paper is. */
  const deliverOrResync = async (call: () => Promise<MockPaperState>) => {
    try {
      return await deliver(call);
    } catch {
      return deliver(() => fetchPaper(paperId));
    }
  };

  const drafts = useMemo(
    () =>
      createServerDraftStore({
        load: async (key) => {
          const held = queryClient.getQueryData<MockPaperState>(queryKeys.mock.paper(paperId));
          const current = held?.current;
          return current && key === draftKey(paperId, current.index) ? current.draft : null;
        },
        persist: async (key, answer) => {
          const index = Number(key.slice(key.lastIndexOf(':') + 1));
          try {
            await saveDraft(paperId, index, answer);
          } catch (error) {
            // Past the deadline the server keeps what it has: nothing more to send.
            if (!(error instanceof HttpError) || error.kind !== 'code') throw error;
          }
        },
        onStatus: setDraftStatus,
      }),
    [paperId, queryClient],
  );
  useEffect(() => () => drafts.dispose(), [drafts]);

  const state = paper.data;
  const current = state?.status === 'in_progress' ? state.current : null;

  // A recording kept from before a reload or a lost connection goes to the server first.
  const currentIndex = current?.index;
  useEffect(() => {
    if (currentIndex === undefined || !hasBegun) return;
    let isCurrent = true;
    void findRecording(paperId, currentIndex).then(async (kept) => {
      if (!kept || !isCurrent) return;
      const after = await deliverRecording(
        { paperId, index: currentIndex, wav: kept.wav, savedAt: kept.savedAt },
        setIsOnline,
      ).catch(() => deliver(() => fetchPaper(paperId)));
      await forgetRecording(paperId, currentIndex);
      if (isCurrent) apply(after);
    });
    return () => {
      isCurrent = false;
    };
    // Once per item shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paperId, currentIndex, hasBegun]);

  if (paper.isPending) return <p className={styles.panel}>Loading…</p>;
  if (paper.isError || !state) {
    return (
      <Result
        status="warning"
        title="This test cannot be opened"
        subTitle="It does not exist, belongs to another account, or the connection failed."
        extra={<Link to="/mock/record">My mock tests</Link>}
      />
    );
  }

  if (!current) {
    return (
      <section className={styles.panel} aria-label="Test Complete" lang="en">
        <h2>The test has ended</h2>
        <p>
          {state.status === 'discarded'
            ? 'This test was discarded.'
            : 'All your answers are saved. Scoring is under way; your score report will be ready shortly.'}
        </p>
        <div className={styles.actions}>
          {state.status !== 'discarded' && (
            <Link to={`/mock/report/${state.id}`} className="ui-button ui-button-primary">
              View score report
            </Link>
          )}
          <Link to="/mock/record" className="ui-button">
            My mock tests
          </Link>
        </div>
      </section>
    );
  }

  const part = state.parts.find((candidate) => candidate.id === current.partId);
  const isSpeaking = itemKindOf(current.type) === 'speaking';
  const deadline = deadlineOf(current.remainingSeconds, paper.dataUpdatedAt);
  const saveAndExit = () =>
    confirm({
      title: 'Save and exit?',
      content:
        'Your answers so far are saved. The timer of the current question keeps running while you are away. You can continue this test from My mock tests within 72 hours of its start.',
      okText: 'Save and exit',
      cancelText: 'Cancel',
      onOk: async () => {
        await drafts.flush();
        void navigate('/mock/record');
      },
    });

  const header = (
    <header className={styles.bar} lang="en">
      <h1>{state.blueprint.nameEn}</h1>
      <div className={styles.barRight}>
        <span className={styles.counter} aria-label="Question counter">
          {current.numberInPart} of {part?.itemCount ?? state.itemCount}
        </span>
        <ExamTimer deadline={deadline} lowSeconds={lowTimeSecondsOf(current.timing.itemSeconds)} />
        {hasBegun && (
          <span role="group" aria-label="Text size" className={styles.textSizes}>
            {TEXT_SIZES.map((size, index) => (
              <button
                key={size.id}
                type="button"
                className={styles.barButton}
                style={{ fontSize: 12 + index * 3 }}
                aria-label={size.label}
                title={size.label}
                aria-pressed={textSize.size === size.id}
                onClick={() => textSize.setSize(size.id)}
              >
                A
              </button>
            ))}
          </span>
        )}
        {hasBegun && (
          <button
            type="button"
            className={styles.barButton}
            aria-pressed={isNoteboardOpen}
            onClick={() => setIsNoteboardOpen((open) => !open)}
          >
            Noteboard
          </button>
        )}
        {/* Full screen (no site header): leaving, to resume later, is the exam's own control. */}
        <button type="button" className={styles.barButton} onClick={() => saveAndExit()}>
          Save and exit
        </button>
      </div>
    </header>
  );
  const connectionLost = !isOnline || draftStatus === 'offline';

  if (!hasBegun) {
    return (
      <>
        {header}
        <section className={styles.panel} aria-label="Resume" lang="en">
          <h2>Continue your test</h2>
          <p>
            Your answers are saved. You will continue with question {current.index + 1} of{' '}
            {state.itemCount}; the timer shows the time the server holds for it.
          </p>
          <div className={styles.actions}>
            <Button
              type="primary"
              loading={isResuming}
              onClick={() => {
                // Read the clock again: time passed while this screen was open.
                setIsResuming(true);
                void deliverOrResync(() => fetchPaper(paperId)).then((fresh) => {
                  apply(fresh);
                  setIsResuming(false);
                  setHasBegun(true);
                });
              }}
            >
              Continue
            </Button>
          </div>
        </section>
      </>
    );
  }

  const onSubmit = async (body: { answer: unknown }) => {
    next.current = await deliverOrResync(() => submitAnswer(paperId, current.index, body.answer));
    return null;
  };
  const onRecorded = async (take: RecordedTake) => {
    const recording = { paperId, index: current.index, wav: take.wav, savedAt: Date.now() };
    await keepRecording(recording);
    try {
      next.current = await deliverRecording(recording, setIsOnline);
    } catch {
      // A recording the server refuses (too short, unreadable) must not hold the paper on this
      // item: it goes as unanswered, as the test would take it.
      next.current = await deliverOrResync(() => submitAnswer(paperId, current.index, null));
    }
    await forgetRecording(paperId, current.index);
    return null;
  };
  const onDone = () => {
    if (next.current) return apply(next.current);
    // Nothing was sent (the personal introduction is never scored): Next without an answer.
    void deliverOrResync(() => submitAnswer(paperId, current.index, null)).then(apply);
  };
  const finish = () =>
    confirm({
      title: 'End the test?',
      content:
        'The current answer is saved and every remaining question is left unanswered. You cannot continue the test afterwards.',
      okText: 'End test',
      cancelText: 'Cancel',
      onOk: async () => {
        setIsFinishing(true);
        await drafts.flush();
        apply(await deliverOrResync(() => finishPaper(paperId)));
        setIsFinishing(false);
      },
    });

  return (
    <>
      {header}
      <div className={styles.partBar} lang="en">
        {part?.titleEn ?? ''} · Question {current.index + 1} of {state.itemCount}
      </div>
      {connectionLost && (
        <Alert
          className={styles.offline}
          type="warning"
          showIcon
          role="alert"
          title="Connection lost — your answers are safe, retrying…"
          description="Your answers are kept on this device and sent as soon as the connection is back. Do not close this page."
        />
      )}
      {isNoteboardOpen && <Noteboard paperId={paperId} onClose={() => setIsNoteboardOpen(false)} />}
      {isSpeaking && needsMicrophoneCheck ? (
        <MicrophoneCheckStep isRecheck onPassed={() => setNeedsMicrophoneCheck(false)} />
      ) : (
        /* A section, not <main>: the layout already has the page's main. */
        <section
          className={`${styles.body} ${isNoteboardOpen ? styles.bodyBesideNotes : ''}`}
          aria-label={`Question ${current.index + 1}`}
          lang="en"
        >
          {/* Zoom enlarges the question as a whole (antd's controls have fixed pixel sizes);
              the zoomed box still fills the section, beside the noteboard too. */}
          <div
            data-testid="question-zoom"
            style={textSize.scale === 1 ? undefined : { zoom: textSize.scale }}
          >
            <PromptVolumeContext.Provider value={promptVolume}>
              <ItemRunner
                key={`${paperId}:${current.index}`}
                item={examItem(current)}
                policy={examPolicy}
                onSubmit={onSubmit}
                onRecorded={onRecorded}
                onDone={onDone}
                timeLimitSeconds={Math.floor(current.remainingSeconds)}
                draft={{ key: draftKey(paperId, current.index), store: drafts }}
              />
            </PromptVolumeContext.Provider>
          </div>
          <div className={styles.actions}>
            <Button size="small" type="text" loading={isFinishing} onClick={finish}>
              End test
            </Button>
          </div>
        </section>
      )}
    </>
  );
}
