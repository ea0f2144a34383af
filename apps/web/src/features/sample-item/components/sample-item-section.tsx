import { lazy, Suspense, useState } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';
import styles from './sample-item.module.css';

// The item, the runner's renderer, the scoring, the contract and the result panel are a chunk of
// their own (~160 kB gzip): home's first load stays under its 180 kB (issue 19). It loads on the
// visitor's click (fetched already when the pointer or focus reaches the button). Loading it when
// the section scrolls into view would load it at once: the section is on the first screen.
const loadTrial = () => import('./sample-item-trial');
const SampleItemTrial = lazy(() =>
  loadWithReload(loadTrial).then((m) => ({ default: m.SampleItemTrial })),
);

/** The signed-out home's 试做一题 section. */
export function SampleItemSection() {
  const [isShown, setIsShown] = useState(false);

  return (
    <section className={styles.section} aria-labelledby="sample-item-heading">
      <h2 id="sample-item-heading" className={styles.heading}>
        试做一题
      </h2>
      <p className={styles.intro}>
        不用登录：一道阅读单选题（Reading: Multiple Choice, Single
        Answer），提交后立即评分并给出解析。
      </p>
      {isShown ? (
        <Suspense fallback={<p role="status">正在载入题目…</p>}>
          <SampleItemTrial />
        </Suspense>
      ) : (
        <button
          type="button"
          className="ui-button ui-button-primary"
          onPointerEnter={() => void loadTrial()}
          onFocus={() => void loadTrial()}
          onClick={() => setIsShown(true)}
        >
          开始试做
        </button>
      )}
    </section>
  );
}
