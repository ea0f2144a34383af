/**
 * Orders and payments (issue 21): the payment window (make the order, pay with the sandbox,
 * WeChat Pay or Alipay, watch it become fulfilled, tell the opener), 我的订单, and the way any
 * page starts a purchase: `openPaymentWindow(kind, itemId)` from a click.
 */
export { OrderPayment, type OrderPaymentProps } from './components/order-payment';
export { NewOrder, type NewOrderProps } from './components/new-order';
export { OrderList } from './components/order-list';
export { useVipPlans, fetchVipPlans, vipPlansQueryOptions } from './api/get-vip-plans';
export { useOrder } from './api/get-order';
export { openPaymentWindow, newOrderPath, orderPath, PAYMENT_WINDOW_NAME } from './payment-window';
export { yuanText } from './money';
export { NO_AUTO_RENEWAL_TEXT, ORDER_STATUS_TEXT } from './labels';
