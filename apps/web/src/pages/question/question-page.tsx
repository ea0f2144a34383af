import { itemTypes, skillNamesZh, type HierarchyType } from '@ninety/contract';
import { Progress } from 'antd';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { typeListPath, useHierarchy } from '../../features/bank';
import styles from './question-page.module.css';

function TypeCard({ type }: { type: HierarchyType }) {
  const info = itemTypes[type.code];
  const percent =
    type.total > 0 && type.practised !== null ? (type.practised / type.total) * 100 : 0;
  return (
    <li>
      <Link to={typeListPath(type.code)} className={styles.card}>
        <span className={styles.cardHead}>
          <span className={styles.code}>{type.code}</span>
          <span className={styles.name}>{info.nameZh}</span>
          {info.isNew2025 && <span className={styles.newType}>2025 新题型</span>}
        </span>
        <span className={styles.english} lang="en">
          {info.nameEn}
        </span>
        <span className={styles.counts}>
          <span>共 {type.total} 题</span>
          {type.highFrequency > 0 && (
            <span className={styles.high}>本周高频 {type.highFrequency}</span>
          )}
          {type.recent > 0 && <span className={styles.recent}>新 {type.recent}</span>}
        </span>
        {type.practised !== null && (
          <span className={styles.progress}>
            <Progress
              percent={percent}
              showInfo={false}
              size="small"
              aria-label={`${info.nameZh}练习进度`}
            />
            <span className={styles.progressText}>
              已练 {type.practised}/{type.total}
            </span>
          </span>
        )}
      </Link>
    </li>
  );
}

export function QuestionPage() {
  const hierarchy = useHierarchy();

  return (
    <>
      <PageHeading
        title="题库"
        description="PTE 全部 22 种题型，按题型逐题练习，练完即可查看评分与解析。"
        extra={
          <Link to="/high" className="ui-button">
            本周高频
          </Link>
        }
      />
      <QueryState query={hierarchy} subject="题库" skeletonRows={10}>
        {(data) =>
          data.sections.map((section) => (
            <section
              key={section.area}
              className={styles.section}
              aria-labelledby={`area-${section.area}`}
            >
              <h2 id={`area-${section.area}`} className={styles.areaTitle}>
                {skillNamesZh[section.area]}
                <span className={styles.areaCount}>
                  {section.types.reduce((sum, type) => sum + type.total, 0)} 题
                </span>
              </h2>
              <ul className={styles.grid}>
                {section.types.map((type) => (
                  <TypeCard key={type.code} type={type} />
                ))}
              </ul>
            </section>
          ))
        }
      </QueryState>
    </>
  );
}
