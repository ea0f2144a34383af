import NProgress from 'nprogress';
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

NProgress.configure(progressSettings);

/** Runs the progress bar while the router loads the next page. */
export function NavigationProgress() {
  const { state } = useNavigation();

  useEffect(() => {
    if (state === 'idle') NProgress.done();
    else NProgress.start();
  }, [state]);

  return null;
}
