import { useEffect } from 'react';
import { useSaveTimedOrCount, studySecondsQuery } from '../api/save-timed-or-count';
import { HttpError } from '../../../lib/http';
import { isSignedIn } from '../../../lib/session';
import {
  LEARNING_TICK_MS,
  readLearningDuration,
  returnStudySeconds,
  takeStudySeconds,
  tickLearningDuration,
  writeLearningDuration,
} from '../learning-duration';

/** Only a call that never reached the server (or met a server fault) is worth sending again. */
const isWorthRetrying = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind === 'network' ||
    error.kind === 'bad-response' ||
    (error.code !== undefined && error.code >= 50000));

/**
 * The learning-time tick (spec §9, §4): while the page that calls it is mounted, every 60 s a
 * visible tab counts a minute in the local record and, when signed in, sends 60 s of study time.
 * A hidden tab counts nothing: the learner is not practising.
 */
export function useLearningTimeTick(): void {
  const { mutate } = useSaveTimedOrCount();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      const { record, counted } = tickLearningDuration(readLearningDuration(), new Date());
      if (!counted) return;
      writeLearningDuration(record);
      if (!isSignedIn()) return;
      const seconds = takeStudySeconds(record.date);
      mutate(studySecondsQuery(seconds), {
        onError: (error) => {
          if (isWorthRetrying(error)) returnStudySeconds(record.date, seconds);
        },
      });
    }, LEARNING_TICK_MS);
    return () => clearInterval(timer);
  }, [mutate]);
}
