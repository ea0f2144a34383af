import type { Order } from '@ninety/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ok, stubApi } from '../../../testing/stub-api';
import { OrderList } from './order-list';

const order = (fields: Partial<Order>): Order => ({
  orderNo: 'NT20261122100000000001',
  kind: 'vip',
  itemId: 'month',
  titleZh: 'Ninety VIP 月度会员',
  amountFen: 9900,
  currency: 'CNY',
  status: 'fulfilled',
  payable: false,
  provider: 'sandbox',
  createdAt: '2026-11-22T02:00:00.000Z',
  expiresAt: '2026-11-22T02:30:00.000Z',
  paidAt: '2026-11-22T02:01:00.000Z',
  fulfilledAt: '2026-11-22T02:01:00.000Z',
  closedAt: null,
  refundedAt: null,
  refundReason: null,
  ...fields,
});

describe('OrderList (我的订单)', () => {
  it('shows a refunded order with its reason, and other orders without one', async () => {
    stubApi({
      'GET /api/orders': ok({
        list: [
          order({
            orderNo: 'NT20261122100000000002',
            status: 'refunded',
            refundedAt: '2026-11-23T02:00:00.000Z',
            refundReason: '学员 申请退款',
          }),
          order({}),
        ],
        total: 2,
        page: 1,
        perPage: 10,
      }),
    });
    renderApp('/', [{ path: '/', element: <OrderList /> }]);
    expect(await screen.findByText(/^已退款 · 原因：学员 申请退款 · /)).toBeInTheDocument();
    expect(screen.getByText(/^已完成 · /)).toBeInTheDocument();
    expect(screen.queryAllByText(/原因/)).toHaveLength(1);
  });
});
