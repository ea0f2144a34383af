import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** The part of a query result this block reads. */
type QueryLike<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error'> & {
  data: T | undefined;
};

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What the query loads, as the error says it: "题库" → "题库加载失败". */
  subject: string;
  /** Lines of the loading skeleton, about as many as the content it stands for. */
  skeletonRows?: number;
  /**
   * What to show for an error this page knows more about (the item does not exist); null or
   * undefined for the usual alert.
   */
  renderError?: (error: unknown) => ReactNode;
  /** Whether the loaded data has nothing to show; then `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  /** What to show when there is nothing, usually an `<EmptyState>`. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The block every page shows for a query: a skeleton while it loads, the same alert when it fails
 * (the learner can do nothing but check the network and reload), an empty state when there is
 * nothing (usually an `EmptyState`), else the content.
 */
export function QueryState<T>({
  query,
  subject,
  skeletonRows = 6,
  renderError,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: skeletonRows }} />;
  if (query.isError || query.data === undefined) {
    const special = query.isError ? renderError?.(query.error) : null;
    if (special !== null && special !== undefined) return special;
    return (
      <Alert
        type="error"
        showIcon
        title={`${subject}加载失败`}
        description="请检查网络后刷新页面重试。"
      />
    );
  }
  if (isEmpty?.(query.data)) {
    return empty ?? null;
  }
  return children(query.data);
}
