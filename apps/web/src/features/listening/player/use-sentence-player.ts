import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { SentencePlayer, type PlayerClock } from './sentence-player';
import type { Cue } from './sentence-window';

export interface UseSentencePlayerOptions {
  cues: readonly Cue[];
  /** A sentence's passes have all played by themselves (not stopped by the learner). */
  onRunEnd?: (index: number) => void;
  clock?: PlayerClock;
}

/**
 * The sentence player bound to an `<audio>` element: pass `audioRef` as the element's ref; the
 * snapshot re-renders on every change of sentence, status, pass, speed or repeat.
 */
export function useSentencePlayer({ cues, onRunEnd, clock }: UseSentencePlayerOptions) {
  const [player] = useState(() => new SentencePlayer(clock ? { clock } : {}));
  useEffect(() => {
    player.setRunEndListener(onRunEnd);
  }, [player, onRunEnd]);
  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot);

  useEffect(() => {
    player.setCues(cues);
  }, [player, cues]);

  // React calls it with null when the element leaves the page: the player stops.
  const audioRef = useCallback(
    (element: HTMLAudioElement | null) => {
      player.attach(element);
    },
    [player],
  );

  return { player, snapshot, audioRef };
}
