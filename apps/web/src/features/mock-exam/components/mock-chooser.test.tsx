import type { MockBlueprintSummary, MockRecord } from '@ninety/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ok, stubApi } from '../../../testing/stub-api';
import { MockChooser } from './mock-chooser';
import { MockRecordList } from './mock-record-list';

const blueprint = (id: string, kind: MockBlueprintSummary['kind'], nameZh: string) => ({
  id,
  version: 1,
  kind,
  nameZh,
  nameEn: nameZh,
  descriptionZh: `${nameZh}说明`,
  itemCount: kind === 'full' ? 70 : 20,
  estimatedMinutes: kind === 'full' ? 135 : 30,
  parts: [
    {
      id: 'part-2',
      section: 'reading' as const,
      titleEn: 'Reading',
      titleZh: '阅读',
      itemCount: 16,
      sectionMinutes: 30,
    },
  ],
});

const record = (id: string, status: MockRecord['status'], overall: number | null): MockRecord => ({
  id,
  status,
  blueprint: { id: 'full-mock', version: 1, kind: 'full', nameZh: '全真模考', nameEn: 'Full' },
  createdAt: '2026-11-20T02:00:00.000Z',
  finishedAt: null,
  resumableUntil: '2026-11-23T02:00:00.000Z',
  answered: 12,
  itemCount: 70,
  progress: { done: 30, total: 70 },
  overall,
});

describe('MockChooser', () => {
  it('offers the full mock first with its items, time and the one-use cost, and starts after a confirm', async () => {
    stubApi({
      'GET /api/mock/blueprints': ok({
        list: [
          blueprint('mini-mock', 'mini', '迷你模考'),
          blueprint('full-mock', 'full', '全真模考'),
        ],
      }),
    });
    const onStart = vi.fn();
    renderApp('/', [
      {
        path: '/',
        element: <MockChooser isMember={false} usesLeft={3} onStart={onStart} startingId={null} />,
      },
    ]);
    const cards = await screen.findAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['全真模考', '迷你模考']);
    const full = within(cards[0]!);
    expect(full.getByText(/70 题 · 约 135 分钟/)).toBeInTheDocument();
    expect(full.getByText('阅读：16 题，限时 30 分钟')).toBeInTheDocument();
    expect(full.getByText('整套试卷只消耗 1 次使用次数（剩余 3 次）')).toBeInTheDocument();
    fireEvent.click(full.getByRole('button', { name: '开始模考' }));
    fireEvent.click(await screen.findByRole('button', { name: /^开\s?始$/ }));
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ id: 'full-mock' }));
  });
});

describe('MockRecordList', () => {
  it('shows each paper with what can be done with it', async () => {
    stubApi({
      'GET /api/mock/papers': ok({
        list: [
          record('paper_inprogress_0001', 'in_progress', null),
          record('paper_scoring_000002', 'scoring', null),
          record('paper_ready_00000003', 'ready', 67),
        ],
        total: 3,
        page: 1,
        perPage: 20,
      }),
    });
    renderApp('/', [{ path: '/', element: <MockRecordList /> }]);
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(rows[0]!).getByRole('link', { name: '继续' })).toHaveAttribute(
      'href',
      '/PTE-MockExam?id=paper_inprogress_0001',
    );
    expect(within(rows[0]!).getByText('已答 12 / 70')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('评分中')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('progressbar')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('67')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: '报告' })).toHaveAttribute(
      'href',
      '/mock/report/paper_ready_00000003',
    );
  });
});
