import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ok, stubApi } from '../../../testing/stub-api';
import type { MaterialFilters } from '../api/get-materials';
import { buildMaterialSummary, buildProgress } from '../testing/build-material';
import { MaterialList } from './material-list';

const LIST = 'GET /api/listening/materials';

function Harness({ signedIn }: { signedIn: boolean }) {
  const [filters, setFilters] = useState<MaterialFilters>({ page: 1 });
  return <MaterialList filters={filters} signedIn={signedIn} onChange={setFilters} />;
}

describe('MaterialList', () => {
  it('lists materials with their source, length, sentences, difficulty and progress', async () => {
    stubApi({
      [LIST]: ok({
        list: [
          buildMaterialSummary({ progress: buildProgress({ doneSentences: 1 }) }),
          buildMaterialSummary({
            id: 'wfd-0001',
            title: 'WFD 1',
            source: 'WFD',
            itemId: 'wfd-0001',
            durationSeconds: 6,
            sentenceCount: 1,
            speakerCount: 1,
            topics: [],
          }),
        ],
        total: 2,
        page: 1,
        perPage: 20,
      }),
    });
    renderApp('/', [{ path: '/', element: <Harness signedIn /> }]);
    const rows = within(
      await screen.findByRole('list', { name: '精听材料' }, { timeout: 5000 }),
    ).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(
      'How coral reefs recover长篇讲座 / 讨论时长 1:353 句难度 32 人对话科学进行中 1/3 句',
    );
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/IntensiveListening/ListeningListDetails?id=lp-0001',
    );
    expect(rows[1]).toHaveTextContent('WFD 1听写句子 WFD时长 0:061 句');
    expect(screen.getByText('共 2 篇')).toBeInTheDocument();
  });

  it('asks again with each filter and the search, from the first page', async () => {
    const api = stubApi({ [LIST]: ok({ list: [], total: 0, page: 1, perPage: 20 }) });
    renderApp('/', [{ path: '/', element: <Harness signedIn /> }]);
    await screen.findByText('没有符合筛选条件的材料');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '时长' }));
    fireEvent.click(await screen.findByTitle('1 分钟以上'));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索精听材料' }), {
      target: { value: 'reef' },
    });
    fireEvent.click(screen.getByRole('button', { name: /搜\s?索/ }));
    await screen.findByText('没有找到与“reef”相关的材料');
    const last = api.requestsTo(LIST).at(-1)!.url.searchParams;
    expect(Object.fromEntries(last)).toEqual({
      page: '1',
      perPage: '20',
      length: 'long',
      keyword: 'reef',
    });
  });

  it('offers the progress filter only when signed in', async () => {
    stubApi({ [LIST]: ok({ list: [], total: 0, page: 1, perPage: 20 }) });
    renderApp('/', [{ path: '/', element: <Harness signedIn={false} /> }]);
    await screen.findByText('没有符合筛选条件的材料');
    expect(screen.queryByRole('combobox', { name: '进度' })).toBeNull();
    expect(screen.getByRole('combobox', { name: '来源' })).toBeInTheDocument();
  });
});
