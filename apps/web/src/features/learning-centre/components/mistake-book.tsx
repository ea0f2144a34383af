import { MISTAKE_CLEARED_AFTER, type ItemTypeCode } from '@ninety/contract';
import { Pagination, Select, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { EmptyState } from '../../../components/empty-state';
import { MISTAKES_PER_PAGE, useMistakes } from '../api/get-mistakes';
import { formatInstant, typeName } from './format';
import styles from './learning-centre.module.css';

interface MistakeBookProps {
  timeZone: string;
  /** The redo link of an item (the page knows the exercise route). */
  renderRedoLink: (type: ItemTypeCode, itemId: string, children: ReactNode) => ReactNode;
}

/**
 * 错题本: every objective item answered wrong and every open answer under the bar, by type, with
 * the last answer and a redo; an entry leaves once answered right twice in a row.
 */
export function MistakeBook({ timeZone, renderRedoLink }: MistakeBookProps) {
  const [type, setType] = useState<ItemTypeCode | undefined>();
  const [page, setPage] = useState(1);
  const mistakes = useMistakes({ type, page });
  const byType = mistakes.data?.byType ?? [];
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Select
          aria-label="按题型筛选"
          className={styles.typeSelect}
          value={type ?? ''}
          onChange={(value: string) => {
            setType(value ? (value as ItemTypeCode) : undefined);
            setPage(1);
          }}
          options={[
            {
              value: '',
              label: `全部题型（${byType.reduce((sum, entry) => sum + entry.count, 0)}）`,
            },
            ...byType.map((entry) => ({
              value: entry.type,
              label: `${typeName(entry.type)}（${entry.count}）`,
            })),
          ]}
        />
        <span className={styles.muted}>
          答错的客观题和得分低于六成的主观题会进入错题本；连续答对 {MISTAKE_CLEARED_AFTER} 次后移出
          {mistakes.data ? `，已订正 ${mistakes.data.cleared} 题` : ''}。
        </span>
      </div>
      <QueryState
        query={mistakes}
        subject="错题本"
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            description={type ? '这个题型没有待订正的错题' : '错题本是空的：答错的题会自动收进来'}
          />
        }
      >
        {(data) => (
          <>
            <ul className={styles.mistakes} data-testid="mistake-list">
              {data.list.map((entry) => (
                <li key={entry.itemId} className={styles.mistake}>
                  <div className={styles.mistakeHead}>
                    <strong>
                      {typeName(entry.type)} #{entry.number} {entry.title}
                    </strong>
                    {entry.status === 'fixing' ? (
                      <Tag color="green">
                        订正中 {entry.rightSince}/{MISTAKE_CLEARED_AFTER}
                      </Tag>
                    ) : (
                      <Tag color="red">待订正</Tag>
                    )}
                  </div>
                  <p className={styles.muted}>
                    答错 {entry.wrongCount} 次 · 上次作答{' '}
                    {formatInstant(entry.lastAnswer.answeredAt, timeZone)} · 得分{' '}
                    {entry.lastAnswer.score}/{entry.lastAnswer.max}（估分{' '}
                    {entry.lastAnswer.estimate}）
                  </p>
                  {entry.lastAnswer.summary && (
                    <p className={styles.answer}>我的作答：{entry.lastAnswer.summary}</p>
                  )}
                  <div>{renderRedoLink(entry.type, entry.itemId, '重做')}</div>
                </li>
              ))}
            </ul>
            {data.total > MISTAKES_PER_PAGE && (
              <Pagination
                current={page}
                pageSize={MISTAKES_PER_PAGE}
                total={data.total}
                showSizeChanger={false}
                onChange={setPage}
              />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
