import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the place they go comes near the screen (issue 23): a section below
 * an exercise (大家的答案: antd's Tabs and Pagination, the comments' calls) loaded with the item's
 * first paint and held a phone's main thread while the item was meant to show. Until then an
 * empty block of `minHeight` keeps that place; once shown, the children stay. Without
 * IntersectionObserver (old browsers, tests' jsdom) they render at once.
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      // Started a little early, so a learner scrolling down rarely sees the empty block.
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return isNear ? children : <div ref={place} style={{ minHeight }} aria-hidden />;
}
