import { lazy, Suspense, type ComponentProps } from 'react';
import { loadWithReload } from '../../lib/load-with-reload';

/**
 * The result panel on demand (issue 23): it shows only after a submit, and with its score estimate
 * it brings @ninety/scoring and the contract's scoring profiles, zod with them (~40 kB gzip), which
 * an item's first paint does not need. The runner asks for it once the item is shown and the
 * browser is idle, so it is usually in before the learner submits.
 */
const importResultPanel = () => import('../shared/result-panel');

const LazyPanel = lazy(() =>
  loadWithReload(importResultPanel).then((m) => ({ default: m.ScoredAttemptPanel })),
);

type PanelProps = ComponentProps<typeof LazyPanel>;

export function ScoredAttemptPanel(props: PanelProps) {
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  );
}

/**
 * Starts loading the panel when the browser has nothing else to do. Quietly: a failure here is
 * the panel's to handle when it is shown (a reload then, not while the learner is answering).
 */
export function preloadResultPanel(): () => void {
  const load = () => void importResultPanel().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 2000);
  return () => clearTimeout(id);
}
