import { skillNamesZh, type LearningSkills, type Skill } from '@ninety/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { EChart } from './e-chart';
import { formatInstant, shortDate } from './format';
import styles from './learning-centre.module.css';

const SKILLS: readonly Skill[] = ['speaking', 'writing', 'reading', 'listening'];
const COLORS: Record<Skill, string> = {
  speaking: '#1677ff',
  writing: '#fa8c16',
  reading: '#52c41a',
  listening: '#722ed1',
};

/** The four skills' practice estimate per week, with finished mocks as points (and ranges). */
export function SkillsPanel({ skills }: { skills: LearningSkills }) {
  const option = useMemo<EChartsCoreOption>(() => {
    const weeks = skills.weeks.map((week) => week.weekStart);
    const mockPoints = (skill: Skill) =>
      skills.mocks.flatMap((mock) => {
        const score = mock[skill].score;
        if (score === null) return [];
        // A mock sits on the week it was finished in.
        const day = formatInstant(mock.finishedAt, skills.timeZone);
        const index = weeks.findIndex(
          (week, position) =>
            mock.finishedAt.slice(0, 10) >= week &&
            (position === weeks.length - 1 ||
              mock.finishedAt.slice(0, 10) < (weeks[position + 1] ?? '')),
        );
        return index === -1 ? [] : [{ value: [index, score], name: day }];
      });
    return {
      tooltip: { trigger: 'item' },
      legend: { top: 0, data: SKILLS.map((skill) => skillNamesZh[skill]) },
      grid: { left: 36, right: 16, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: weeks.map(shortDate) },
      yAxis: { type: 'value', min: 10, max: 90, interval: 20 },
      series: SKILLS.flatMap((skill) => [
        {
          name: skillNamesZh[skill],
          type: 'line',
          connectNulls: true,
          itemStyle: { color: COLORS[skill] },
          data: skills.weeks.map((week) => week.skills[skill]),
        },
        {
          name: skillNamesZh[skill],
          type: 'scatter',
          symbol: 'diamond',
          symbolSize: 12,
          itemStyle: { color: COLORS[skill] },
          data: mockPoints(skill),
        },
      ]),
    };
  }, [skills]);

  const latest = skills.weeks.at(-1)?.skills;
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="lc-skills">
        <h2 id="lc-skills" className={styles.cardTitle}>
          四项技能估分变化
        </h2>
        <p className={styles.muted}>
          线：每周按最近 4 周练习的估分平均；◆：模考成绩。估分为练习估算，不等于官方成绩。
        </p>
        <EChart
          option={option}
          height={280}
          testId="chart-skills"
          label={`本周估分：${SKILLS.map((skill) => `${skillNamesZh[skill]} ${latest?.[skill] ?? '暂无'}`).join('，')}`}
        />
      </section>
      <section className={styles.card} aria-labelledby="lc-mocks">
        <h2 id="lc-mocks" className={styles.cardTitle}>
          模考成绩
        </h2>
        {skills.mocks.length === 0 ? (
          <p className={styles.muted}>还没有完成的模考。完成模考后，成绩与区间会显示在这里。</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">交卷时间</th>
                  <th scope="col">总分</th>
                  {SKILLS.map((skill) => (
                    <th key={skill} scope="col">
                      {skillNamesZh[skill]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {skills.mocks.map((mock) => (
                  <tr key={mock.id}>
                    <th scope="row">
                      <Link to={`/mock/report/${mock.id}`}>
                        {formatInstant(mock.finishedAt, skills.timeZone)}
                      </Link>
                    </th>
                    {(['overall', ...SKILLS] as const).map((key) => (
                      <td key={key}>
                        {mock[key].score ?? '—'}
                        {mock[key].low !== null && (
                          <span className={styles.muted}>
                            {' '}
                            ({mock[key].low}–{mock[key].high})
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
