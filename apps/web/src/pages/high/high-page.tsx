import { itemTypes, type ItemTypeCode } from '@ninety/contract';
import { Segmented } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { PartFilter, partLabel } from '../../components/part-filter';
import { QueryState } from '../../components/query-state';
import type { Part } from '../../components/part-filter';
import { ItemRowList, useHighFrequency, weekName, weekRange } from '../../features/bank';
import styles from './high-page.module.css';

function inPart(code: ItemTypeCode, part: Part): boolean {
  return part === 'all' || itemTypes[code].skillArea === part;
}

export function HighPage() {
  const [part, setPart] = useState<Part>('all');
  const [week, setWeek] = useState<string | undefined>(undefined);
  const lists = useHighFrequency(week);
  const data = lists.data;
  const shownWeek = data?.week ?? null;
  const groups = data?.groups.filter((group) => inPart(group.code, part)) ?? [];
  const scope = part === 'all' ? '' : partLabel(part);

  return (
    <>
      <PageHeading
        title="本周高频"
        description="每周更新考试中反复出现的题目，优先练习最可能考到的内容。"
        extra={<PartFilter value={part} onChange={setPart} />}
      />
      {data && data.weeks.length > 0 && (
        <div className={styles.weeks}>
          <Segmented<string>
            aria-label="选择高频榜的周"
            value={shownWeek ?? undefined}
            options={data.weeks.slice(0, 4).map((value) => ({
              value,
              label: weekName(value, data.currentWeek),
            }))}
            onChange={setWeek}
          />
          {shownWeek && (
            <span className={styles.range}>
              {shownWeek} · {weekRange(shownWeek)}
              {shownWeek !== data.currentWeek &&
                week === undefined &&
                '（本周榜单尚未发布，显示最近一期）'}
            </span>
          )}
        </div>
      )}
      <QueryState
        query={lists}
        subject="高频题"
        skeletonRows={10}
        isEmpty={() => groups.length === 0}
        empty={
          <EmptyState description={shownWeek ? `这一期没有${scope}高频题` : '高频榜还没有发布'} />
        }
      >
        {() =>
          groups.map((group) => (
            <section
              key={group.code}
              className={styles.group}
              aria-labelledby={`high-${group.code}`}
            >
              <h2 id={`high-${group.code}`} className={styles.groupTitle}>
                {itemTypes[group.code].nameZh} {group.code}
                <span className={styles.count}>{group.items.length} 题</span>
                {week === undefined && (
                  <Link to={`/question-list/${group.code}/1?type=4`} className={styles.more}>
                    在题目列表中查看
                  </Link>
                )}
              </h2>
              <ItemRowList items={group.items} />
            </section>
          ))
        }
      </QueryState>
    </>
  );
}
