/** The orders API (server module `orders`). */
export const ordersPaths = {
  vipPlans: '/api/orders/vip-plans',
  orders: '/api/orders',
  order: (orderNo: string) => `/api/orders/${encodeURIComponent(orderNo)}`,
  pay: (orderNo: string) => `/api/orders/${encodeURIComponent(orderNo)}/pay`,
  query: (orderNo: string) => `/api/orders/${encodeURIComponent(orderNo)}/query`,
  cancel: (orderNo: string) => `/api/orders/${encodeURIComponent(orderNo)}/cancel`,
  wechatAuthorize: (orderNo: string) =>
    `/api/orders/${encodeURIComponent(orderNo)}/wechat-authorize`,
  sandboxJsapi: '/api/payments/sandbox/jsapi',
} as const;
