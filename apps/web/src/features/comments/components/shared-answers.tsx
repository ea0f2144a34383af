import type { SharedAnswerSort } from '@ninety/contract';
import { Button, Pagination, Popconfirm, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { relativeTime } from '../../../lib/format';
import { useDeleteComment } from '../api/delete-comment';
import { useSharedAnswers } from '../api/list-comments';
import styles from './comments.module.css';
import { SharedAnswerContent } from './shared-answer-content';

const sortTabs = [
  { key: 'new', label: '最新' },
  { key: 'best', label: '最高分' },
];

/** Everyone's shared answers on an item, with their scores; the learner may delete their own. */
export function SharedAnswers({ itemId, extra }: { itemId: string; extra?: ReactNode }) {
  const [sort, setSort] = useState<SharedAnswerSort>('new');
  const [page, setPage] = useState(1);
  const shared = useSharedAnswers(itemId, sort, page);
  const remove = useDeleteComment(itemId);

  return (
    <section className={styles.section} aria-label="大家的答案">
      <div className={styles.header}>
        <h2 className={styles.heading}>大家的答案</h2>
        {extra}
      </div>
      <Tabs
        activeKey={sort}
        items={sortTabs}
        onChange={(key) => {
          setSort(key as SharedAnswerSort);
          setPage(1);
        }}
      />
      <QueryState
        query={shared}
        subject="分享的答案"
        skeletonRows={3}
        isEmpty={(data) => data.list.length === 0}
        empty={
          <EmptyState description="还没有人分享这道题的答案。练习后点“分享结果”，做第一个分享的人吧" />
        }
      >
        {(data) => (
          <>
            <ul className={styles.list}>
              {data.list.map((entry) => (
                <li key={entry.id} className={styles.entry}>
                  <p className={styles.byline}>
                    <span className={styles.author}>{entry.author.name}</span>
                    <span>{relativeTime(entry.createdAt)}</span>
                    {entry.isMine && (
                      <Popconfirm
                        title="删除这条分享？"
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() => remove.mutate(entry.id)}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    )}
                  </p>
                  <SharedAnswerContent share={entry} />
                </li>
              ))}
            </ul>
            <div className={styles.pager}>
              <Pagination
                current={page}
                pageSize={data.perPage}
                total={data.total}
                hideOnSinglePage
                showSizeChanger={false}
                onChange={setPage}
              />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
