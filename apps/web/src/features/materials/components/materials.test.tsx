import type { MaterialDetail, MaterialSummary } from '@ninety/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, stubApi } from '../../../testing/stub-api';
import { MaterialCatalogue } from './material-catalogue';
import { MaterialDetails } from './material-details';

const summary = (fields: Partial<MaterialSummary> = {}): MaterialSummary => ({
  id: 1,
  kind: 'topic',
  title: 'DI 图表精讲',
  subtitle: '一图一讲',
  priceFen: 1990,
  listPriceFen: 2990,
  tags: ['口语'],
  coverUrl: '/files/materials/covers/1.jpg',
  fileCount: 1,
  pageCount: 19,
  itemCount: 2,
  owned: null,
  ...fields,
});

const detail = (fields: Partial<MaterialDetail> = {}): MaterialDetail => ({
  ...summary(),
  description: '题库全部描述图片原创题。',
  highlights: ['得分要点', '范文'],
  files: [{ id: 'di-charts', title: 'DI 图表精讲', pages: 19, bytes: 360_000, types: ['DI'] }],
  items: [
    { id: 'di-0001', type: 'DI', title: 'How students spend their week' },
    { id: 'di-0002', type: 'DI', title: 'Temperatures' },
  ],
  ownedAt: null,
  sampleUrl: '/api/materials/1/sample.pdf',
  samplePages: 3,
  ...fields,
});

describe('MaterialCatalogue', () => {
  it('shows topics, then packs, each card with its price and leading to its details page', async () => {
    stubApi({
      'GET /api/materials': ok({
        list: [
          summary(),
          summary({
            id: 7,
            kind: 'pack',
            title: '听力全题型资料包',
            listPriceFen: null,
            owned: true,
          }),
        ],
      }),
    });
    renderApp('/', [{ path: '/', element: <MaterialCatalogue /> }]);
    const topics = await screen.findByRole('region', { name: /专题/ }, { timeout: 5000 });
    const card = within(topics).getByRole('link');
    expect(card).toHaveAttribute('href', '/material/SpecialTopic/1');
    expect(card).toHaveTextContent(
      'DI 图表精讲一图一讲1 份 PDF · 共 19 页 · 含 2 道题¥19.90原价¥29.90',
    );
    const packs = screen.getByRole('region', { name: /资料包/ });
    expect(within(packs).getByRole('link')).toHaveAttribute('href', '/material/CourseDetails/7');
    expect(within(packs).getByText('已购买')).toBeInTheDocument();
  });
});

describe('MaterialDetails', () => {
  it('offers the buying action and the sample before the purchase; items are not links yet', async () => {
    stubApi({ 'GET /api/materials/1': ok(detail({ owned: false })) });
    renderApp('/', [
      {
        path: '/',
        element: <MaterialDetails id="1" renderAction={() => <button>立即购买</button>} />,
      },
    ]);
    expect(
      await screen.findByRole('button', { name: '立即购买' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '免费看样张（前 3 页）' })).toHaveAttribute(
      'href',
      '/api/materials/1/sample.pdf',
    );
    expect(screen.getByText('How students spend their week')).not.toHaveAttribute('href');
    expect(screen.queryByRole('list', { name: '下载' })).toBeNull();
  });

  it('gives a buyer the downloads, each through a fresh signed link, and the items to practise', async () => {
    const api = stubApi({
      'GET /api/materials/1': ok(detail({ owned: true, ownedAt: '2026-11-22T02:00:00.000Z' })),
      'POST /api/materials/1/files/di-charts/link': ok({
        url: '/api/materials/1/files/di-charts/download?order=M1&expires=1&signature=s',
        expiresAt: '2026-11-22T02:05:00.000Z',
        fileName: 'DI 图表精讲.pdf',
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/', [
      { path: '/', element: <MaterialDetails id="1" renderAction={() => <span>买</span>} /> },
    ]);
    const downloads = await screen.findByRole('list', { name: '下载' }, { timeout: 5000 });
    expect(screen.queryByText('买')).toBeNull();
    expect(screen.getByRole('link', { name: 'How students spend their week' })).toHaveAttribute(
      'href',
      '/exp/DI/di-0001',
    );
    fireEvent.click(within(downloads).getByRole('button', { name: '下载 DI 图表精讲' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe(
      '/api/materials/1/files/di-charts/download?order=M1&expires=1&signature=s',
    );
    expect(anchor.download).toBe('DI 图表精讲.pdf');
    expect(api.requestsTo('POST /api/materials/1/files/di-charts/link')).toHaveLength(1);
    click.mockRestore();
  });

  it('sends a pack opened as a topic to its own page', async () => {
    stubApi({ 'GET /api/materials/7': ok(detail({ id: 7, kind: 'pack' })) });
    const { router } = renderApp('/material/SpecialTopic/7', [
      {
        path: '/material/SpecialTopic/:id',
        element: <MaterialDetails id="7" kind="topic" renderAction={() => null} />,
      },
      { path: '/material/CourseDetails/:id', element: <p>pack page</p> },
    ]);
    expect(await screen.findByText('pack page', {}, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/material/CourseDetails/7');
  });

  it('says a material that does not exist is not there', async () => {
    stubApi({ 'GET /api/materials/9': fail(40401, '资料不存在或已下架', 404) });
    renderApp('/', [{ path: '/', element: <MaterialDetails id="9" renderAction={() => null} /> }]);
    expect(await screen.findByText('资料不存在或已下架', {}, { timeout: 5000 })).toBeVisible();
  });
});
