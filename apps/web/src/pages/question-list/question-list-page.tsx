import { itemTypes } from '@ninety/contract';
import { Input } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
// The bank's modules, not its index: the index also holds the header's search box and the 高频
// week, which the list's first paint does not need (issue 23).
import { useItemList, type ListFilters } from '../../features/bank/api/list-items';
import { ItemRowList } from '../../features/bank/components/item-row';
import { ListFilterBar } from '../../features/bank/components/list-filters';
import { filtersFromUrl, listUrl, parseTypeCode } from '../../features/bank/list-url';
import { loadWithReload } from '../../lib/load-with-reload';
import { isSignedIn } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import styles from './question-list-page.module.css';

// Below the rows, so not in the list's first paint (issue 23); the rows' height keeps its place.
const ListPagination = lazy(() =>
  loadWithReload(() => import('../../features/bank/components/list-pagination')).then((m) => ({
    default: m.ListPagination,
  })),
);

function TypeList({ filters }: { filters: ListFilters }) {
  const navigate = useNavigate();
  const list = useItemList(filters);
  const info = itemTypes[filters.code];
  usePageTitle(`${info.nameZh} ${info.code}${filters.page > 1 ? ` 第 ${filters.page} 页` : ''}`);
  // Any change of filter starts again from the first page.
  const change = (next: Partial<ListFilters>) =>
    void navigate(listUrl({ ...filters, page: 1, ...next }));

  return (
    <>
      <PageHeading
        title={`${info.nameZh} ${info.code}`}
        description={<span lang="en">{info.nameEn}</span>}
        extra={
          <Link to="/question" className="ui-button">
            返回题库
          </Link>
        }
      />
      <div className={styles.toolbar}>
        <Input.Search
          key={filters.keyword}
          defaultValue={filters.keyword}
          placeholder="搜索题号、标题或题目内容"
          aria-label="在本题型中搜索"
          allowClear
          enterButton="搜索"
          className={styles.search}
          onSearch={(keyword) => change({ keyword })}
        />
        {/* Always there, so the count arriving does not move the filters below (layout shift). */}
        <span className={styles.total} aria-live="polite">
          {list.data ? `共 ${list.data.total} 题` : ''}
        </span>
      </div>
      <ListFilterBar filters={filters} signedIn={isSignedIn()} onChange={change} />
      <QueryState
        query={list}
        subject="题目列表"
        skeletonRows={8}
        isEmpty={(data) => data.list.length === 0}
        empty={
          <EmptyState
            description={
              filters.keyword
                ? `没有找到与“${filters.keyword}”相关的题目`
                : '没有符合筛选条件的题目'
            }
          />
        }
      >
        {(data) => (
          <>
            <ItemRowList items={data.list} from={listUrl(filters)} />
            <Suspense
              fallback={
                // Its place is kept, so nothing below moves when it arrives (layout shift).
                data.total > filters.perPage ? <div className={styles.paginationPlace} /> : null
              }
            >
              <ListPagination
                className={styles.pagination}
                current={filters.page}
                pageSize={filters.perPage}
                total={data.total}
                showSizeChanger={false}
                hideOnSinglePage
                responsive
                onChange={(page) => void navigate(listUrl({ ...filters, page }))}
              />
            </Suspense>
          </>
        )}
      </QueryState>
    </>
  );
}

export function QuestionListPage() {
  const { type, id } = useParams();
  const [search] = useSearchParams();
  const code = parseTypeCode(type);
  if (!code) {
    return (
      <>
        <PageHeading title="题目列表" />
        <EmptyState
          description={`没有“${type ?? ''}”这种题型`}
          action={
            <Link to="/question" className="ui-button">
              返回题库
            </Link>
          }
        />
      </>
    );
  }
  return <TypeList filters={filtersFromUrl(code, id, search)} />;
}
