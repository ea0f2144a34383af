import type { ItemTypeCode, LearningOverview } from '@ninety/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, type ReactNode } from 'react';
import { EChart } from './e-chart';
import { formatMinutes, percent, shortDate, typeName } from './format';
import styles from './learning-centre.module.css';

interface OverviewPanelProps {
  overview: LearningOverview;
  /** Where practising a type starts (the page knows the bank's routes). */
  renderTypeLink: (type: ItemTypeCode, children: ReactNode) => ReactNode;
}

const BLUE = '#1677ff';
const GREEN = '#52c41a';

/** Figures, streak, the 6-month calendar, the last 30 days, time of day, this week's weakest. */
export function OverviewPanel({ overview, renderTypeLink }: OverviewPanelProps) {
  const figures = [
    { label: '今日学习', value: formatMinutes(overview.todayMinutes) },
    { label: '今日练习', value: `${overview.todayPractices} 次` },
    {
      label: '连续学习',
      value: `${overview.streak.current} 天`,
      note: `最长 ${overview.streak.longest} 天${overview.streak.current > 0 && !overview.streak.activeToday ? '，今天还没学' : ''}`,
    },
    { label: '累计学习', value: formatMinutes(overview.totalMinutes) },
    { label: '累计练习', value: `${overview.totalPractices} 次` },
    { label: '学习天数', value: `${overview.studyDays} 天` },
  ];

  const calendar = useMemo<EChartsCoreOption>(() => {
    const first = overview.days[0]?.date ?? overview.today;
    const busiest = Math.max(30, ...overview.days.map((day) => day.minutes));
    return {
      tooltip: {
        formatter: (params: { value: [string, number, number] }) =>
          `${shortDate(params.value[0])}<br/>学习 ${formatMinutes(params.value[1])} · 练习 ${params.value[2]} 次`,
      },
      visualMap: {
        // The minutes (a cell is [date, minutes, practices]); ECharts would colour by the last.
        dimension: 1,
        min: 0,
        max: busiest,
        show: false,
        inRange: { color: ['#eef3fb', '#91caff', '#1677ff', '#003eb3'] },
      },
      calendar: {
        range: [first, overview.today],
        cellSize: ['auto', 13],
        left: 28,
        right: 8,
        top: 22,
        bottom: 4,
        splitLine: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        yearLabel: { show: false },
        dayLabel: { nameMap: 'ZH', firstDay: 1, fontSize: 10 },
        monthLabel: { nameMap: 'ZH', fontSize: 10 },
      },
      series: {
        type: 'heatmap',
        coordinateSystem: 'calendar',
        data: overview.days.map((day) => [day.date, day.minutes, day.practices]),
      },
    };
  }, [overview]);

  const month = useMemo<EChartsCoreOption>(() => {
    const days = overview.days.slice(-30);
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['学习时长（分钟）', '练习次数'] },
      grid: { left: 36, right: 36, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: days.map((day) => shortDate(day.date)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: '学习时长（分钟）',
          type: 'bar',
          itemStyle: { color: BLUE },
          data: days.map((day) => day.minutes),
        },
        {
          name: '练习次数',
          type: 'line',
          yAxisIndex: 1,
          itemStyle: { color: GREEN },
          data: days.map((day) => day.practices),
        },
      ],
    };
  }, [overview]);

  const hours = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['学习时长（分钟）', '练习次数'] },
      grid: { left: 36, right: 36, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: overview.hours.map((hour) => `${hour.hour}时`) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: '学习时长（分钟）',
          type: 'bar',
          itemStyle: { color: BLUE },
          data: overview.hours.map((hour) => hour.minutes),
        },
        {
          name: '练习次数',
          type: 'bar',
          yAxisIndex: 1,
          itemStyle: { color: GREEN },
          data: overview.hours.map((hour) => hour.practices),
        },
      ],
    }),
    [overview],
  );

  const last30 = overview.days.slice(-30);
  return (
    <div className={styles.stack}>
      <section aria-labelledby="lc-figures">
        <h2 id="lc-figures" className={styles.srOnly}>
          学习概况
        </h2>
        <dl className={styles.figures} data-testid="learning-figures">
          {figures.map((figure) => (
            <div key={figure.label} className={styles.figure}>
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
              {figure.note && <dd className={styles.figureNote}>{figure.note}</dd>}
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="lc-calendar">
        <h2 id="lc-calendar" className={styles.cardTitle}>
          近 6 个月学习日历
        </h2>
        <EChart
          option={calendar}
          height={150}
          testId="chart-calendar"
          label={`近 6 个月学习日历：共 ${overview.days.filter((day) => day.minutes > 0 || day.practices > 0).length} 天有学习记录`}
        />
      </section>

      <section className={styles.card} aria-labelledby="lc-month">
        <h2 id="lc-month" className={styles.cardTitle}>
          近 30 天
        </h2>
        <EChart
          option={month}
          height={240}
          testId="chart-month"
          label={`近 30 天共学习 ${formatMinutes(last30.reduce((sum, day) => sum + day.minutes, 0))}，练习 ${last30.reduce((sum, day) => sum + day.practices, 0)} 次`}
        />
      </section>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="lc-hours">
          <h2 id="lc-hours" className={styles.cardTitle}>
            学习时段（近 6 个月）
          </h2>
          <EChart
            option={hours}
            height={220}
            testId="chart-hours"
            label="按一天中的时段统计的学习时长与练习次数"
          />
        </section>

        <section className={styles.card} aria-labelledby="lc-weakest">
          <h2 id="lc-weakest" className={styles.cardTitle}>
            本周薄弱题型
          </h2>
          {overview.weakest.length === 0 ? (
            <p className={styles.muted}>最近 7 天还没有评分的练习。</p>
          ) : (
            <ol className={styles.weakList} data-testid="weakest-types">
              {overview.weakest.map((entry) => (
                <li key={entry.type}>
                  <strong>{typeName(entry.type)}</strong>
                  <span>
                    均分 {entry.averageScore} · 正确率 {percent(entry.accuracy)} · {entry.practices}{' '}
                    次
                  </span>
                  {renderTypeLink(entry.type, '去练习')}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
