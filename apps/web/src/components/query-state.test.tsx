import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';
import { QueryState } from './query-state';

const pending = { isPending: true, isError: false, error: null, data: undefined };
const failed = { isPending: false, isError: true, error: new Error('offline'), data: undefined };
const loaded = (data: string[]) => ({ isPending: false, isError: false, error: null, data });

function renderState(query: Parameters<typeof QueryState<string[]>>[0]['query']) {
  return render(
    <QueryState
      query={query}
      subject="题库"
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState description="还没有题目" />}
    >
      {(data) => <p>{data.join('、')}</p>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows a skeleton while the query loads', () => {
    const { container } = renderState(pending);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
  });

  it('says what failed to load and what to do', () => {
    renderState(failed);
    expect(screen.getByRole('alert')).toHaveTextContent('题库加载失败');
    expect(screen.getByRole('alert')).toHaveTextContent('请检查网络后刷新页面重试。');
  });

  it('shows the empty block when there is nothing, else the content', () => {
    const { rerender } = renderState(loaded([]));
    expect(screen.getByText('还没有题目')).toBeInTheDocument();

    rerender(
      <QueryState query={loaded(['RA', 'WFD'])} subject="题库">
        {(data) => <p>{data.join('、')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('RA、WFD')).toBeInTheDocument();
  });

  it('lets the page say more about an error it knows, and falls back to the alert otherwise', () => {
    const { rerender } = render(
      <QueryState query={failed} subject="题目" renderError={() => <p>这道题不存在或已下线</p>}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByText('这道题不存在或已下线')).toBeInTheDocument();

    rerender(
      <QueryState query={failed} subject="题目" renderError={() => null}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('题目加载失败');
  });
});
