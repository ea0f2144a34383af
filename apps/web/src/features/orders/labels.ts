import type { OrderStatus, PaymentProviderName } from '@ninety/contract';

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  created: '待支付',
  paying: '待支付',
  paid: '已付款，正在开通',
  fulfilled: '已完成',
  closed: '已关闭',
  refunded: '已退款',
};

export const PROVIDER_TEXT: Record<PaymentProviderName, string> = {
  sandbox: '模拟支付（测试环境）',
  wechat: '微信支付',
  alipay: '支付宝',
};

/** What the provider's page said when it sent the learner back (`?result=`). */
export const RESULT_TEXT: Record<
  string,
  { type: 'success' | 'info' | 'warning' | 'error'; text: string }
> = {
  paid: { type: 'success', text: '支付已完成，正在确认订单…' },
  fail: {
    type: 'error',
    text: '支付失败，没有扣款。订单在有效期内仍可支付，请重试或换一种支付方式。',
  },
  cancel: { type: 'warning', text: '你已取消支付。订单在有效期内仍可支付。' },
  closed: { type: 'info', text: '订单已关闭，无法支付。' },
};

export const NO_AUTO_RENEWAL_TEXT = '会员为固定期限，到期后不会自动续费，也不会自动扣款。';
