import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';
import styles from './sample-item.module.css';

// The item, the runner's renderer, the scoring and the result panel are a chunk of their own:
// home's first load stays under its 180 kB (issue 19). It loads when the section nears the
// screen, or at once on the visitor's click.
const loadTrial = () => import('./sample-item-trial');
const SampleItemTrial = lazy(() =>
  loadWithReload(loadTrial).then((m) => ({ default: m.SampleItemTrial })),
);

/** The signed-out home's 试做一题 section. */
export function SampleItemSection() {
  const section = useRef<HTMLElement>(null);
  const [isShown, setIsShown] = useState(false);

  useEffect(() => {
    const element = section.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={section} className={styles.section} aria-labelledby="sample-item-heading">
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
          onMouseEnter={() => void loadTrial()}
          onClick={() => setIsShown(true)}
        >
          开始试做
        </button>
      )}
    </section>
  );
}
