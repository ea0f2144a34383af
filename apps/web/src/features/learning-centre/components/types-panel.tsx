import type { ItemTypeCode, TypeFigures } from '@ninety/contract';
import type { ReactNode } from 'react';
import { percent, typeName } from './format';
import styles from './learning-centre.module.css';

interface TypesPanelProps {
  types: readonly TypeFigures[];
  renderTypeLink: (type: ItemTypeCode, children: ReactNode) => ReactNode;
}

/** The change of the latest week with answers against the weeks with answers before it. */
function trendOf(figures: TypeFigures): { text: string; tone: 'up' | 'down' | 'flat' } | null {
  const scored = figures.weeks.filter((week) => week.averageScore !== null);
  const last = scored.at(-1);
  if (!last || scored.length < 2) return null;
  const before = scored.slice(0, -1);
  const mean = before.reduce((sum, week) => sum + (week.averageScore ?? 0), 0) / before.length;
  const change = Math.round((last.averageScore ?? 0) - mean);
  if (change === 0) return { text: '持平', tone: 'flat' };
  return change > 0 ? { text: `↑ ${change}`, tone: 'up' } : { text: `↓ ${-change}`, tone: 'down' };
}

/** Per item type: practices, accuracy, average 估分 and its last 12 weeks. */
export function TypesPanel({ types, renderTypeLink }: TypesPanelProps) {
  if (types.length === 0) return <p className={styles.muted}>还没有评分的练习。</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="type-table">
        <caption className={styles.srOnly}>各题型练习统计</caption>
        <thead>
          <tr>
            <th scope="col">题型</th>
            <th scope="col">练习</th>
            <th scope="col">正确率</th>
            <th scope="col">平均估分</th>
            <th scope="col">近 12 周</th>
            <th scope="col">
              <span className={styles.srOnly}>练习</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {types.map((figures) => {
            const trend = trendOf(figures);
            const top = Math.max(...figures.weeks.map((week) => week.averageScore ?? 0), 1);
            return (
              <tr key={figures.type}>
                <th scope="row">{typeName(figures.type)}</th>
                <td>{figures.practices} 次</td>
                <td>{percent(figures.accuracy)}</td>
                <td>{figures.averageScore}</td>
                <td>
                  <span className={styles.spark} aria-hidden="true">
                    {figures.weeks.map((week) => (
                      <span
                        key={week.weekStart}
                        title={`${week.weekStart} 起一周：${week.averageScore ?? '—'}`}
                        style={{ height: `${((week.averageScore ?? 0) / top) * 100}%` }}
                      />
                    ))}
                  </span>
                  {trend && <span className={styles[trend.tone]}>{trend.text}</span>}
                </td>
                <td>{renderTypeLink(figures.type, '练习')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
