import type NProgressApi from 'nprogress';
import type { NProgressOptions } from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/** nprogress 0.2 reads `trickleRate`, which @types/nprogress does not declare. */
type ProgressSettings = Partial<NProgressOptions> & { trickleRate: number };

/** Spec §9: minimum 0.08, speed 200 ms, trickle every 800 ms by up to 0.02. */
export const progressSettings: ProgressSettings = {
  minimum: 0.08,
  speed: 200,
  trickleSpeed: 800,
  trickleRate: 0.02,
};

type Progress = typeof NProgressApi;

let loading: Promise<Progress> | undefined;
let loaded: Progress | undefined;
/** Whether a navigation is under way: what the bar shows once nprogress is in. */
let isNavigating = false;

/**
 * nprogress loads with the first navigation, not with the first page: no page's first paint shows
 * the bar, and the entry (every page's first load, issue 19's home budget) stays without it.
 */
export function loadProgress(): Promise<Progress> {
  loading ??= import('nprogress').then(
    ({ default: progress }) => {
      progress.configure(progressSettings);
      loaded = progress;
      return progress;
    },
    (error: unknown) => {
      // The bar is decoration: a failed load is tried again on the next navigation.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function show(progress: Progress) {
  if (isNavigating) progress.start();
  else progress.done();
}

/** Runs the progress bar while the router loads the next page. */
export function NavigationProgress() {
  const { state } = useNavigation();

  useEffect(() => {
    isNavigating = state !== 'idle';
    if (loaded) show(loaded);
    // Shows the latest state once loaded: a navigation that ended meanwhile shows no bar.
    else if (isNavigating) loadProgress().then(show, () => {});
  }, [state]);

  return null;
}
