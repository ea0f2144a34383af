import type { ItemDetail } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadItemType } from '../registry';
import { ItemRunner } from './item-runner';
import { practicePolicy } from './policy';

/**
 * Each item type is its own chunk (issue 23). Nothing in this file loads the types beforehand, as
 * on a page whose route did not ask for the type: the runner stands a skeleton in until the
 * type's chunk is in, and a type already loaded shows in the first render.
 */

function detailOf(code: 'RMCS' | 'RO'): ItemDetail {
  const item = buildExampleItem(code) as { id: string; content: unknown };
  return {
    id: item.id,
    type: code,
    number: 1,
    title: 'Example',
    practiceCount: 0,
    content: item.content,
  } as unknown as ItemDetail;
}

function renderRunner(code: 'RMCS' | 'RO') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ItemRunner
          item={detailOf(code)}
          policy={practicePolicy}
          onSubmit={vi.fn()}
          onRecorded={vi.fn()}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the runner with types loaded on demand', () => {
  it('shows a skeleton until the type is in, then the item', async () => {
    const { container } = renderRunner('RMCS');
    expect(screen.queryByRole('radiogroup', { name: '选项' })).toBeNull();
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    // The chunk's first import in a test run is transformed on the spot: on a busy machine, seconds.
    expect(
      await screen.findByRole('radiogroup', { name: '选项' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(container.querySelector('.ant-skeleton')).toBeNull();
  });

  it('shows a type loaded beforehand in its first render', async () => {
    await loadItemType('RO');
    renderRunner('RO');
    expect(screen.getByRole('region', { name: '原始段落' })).toBeInTheDocument();
  });
});
