import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import styles from './learning-centre.module.css';

type Chart = EChartsType;

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, for screen readers (the figures are also in text nearby). */
  label: string;
  testId?: string;
}

/**
 * One ECharts canvas: ECharts is loaded on first use, the chart follows its box's width, and is
 * disposed with the component.
 */
export function EChart({ option, height, label, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    import('./echarts-setup')
      .then(({ loadedECharts }) => {
        if (disposed || !box.current) return;
        chart.current = loadedECharts().init(box.current, undefined, { renderer: 'svg' });
        chart.current.setOption(option);
        box.current.dataset['rendered'] = 'true';
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.current?.resize());
          observer.observe(box.current);
        }
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
    // The chart is made once; option changes go through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  if (failed) return <p className={styles.muted}>图表加载失败，请刷新页面重试</p>;
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid={testId}
      className={styles.chart}
      style={{ height }}
    />
  );
}
