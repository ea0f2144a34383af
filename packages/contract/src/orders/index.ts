import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../envelope';

/** Orders, VIP plans and payments (issue 21). Amounts are in fen (分); currency is CNY. */

export const ORDER_KINDS = ['vip', 'material'] as const;
export const OrderKindSchema = z.enum(ORDER_KINDS).describe('商品类型：vip 会员，material 资料');
export type OrderKind = z.infer<typeof OrderKindSchema>;

export const PAYMENT_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export const PaymentProviderSchema = z
  .enum(PAYMENT_PROVIDERS)
  .describe('支付方式：sandbox 模拟支付（测试环境），wechat 微信支付，alipay 支付宝');
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

export const ORDER_STATUS_VALUES = [
  'created',
  'paying',
  'paid',
  'fulfilled',
  'closed',
  'refunded',
] as const;
export const OrderStatusSchema = z
  .enum(ORDER_STATUS_VALUES)
  .describe(
    'created 待支付，paying 支付中，paid 已付款，fulfilled 已完成，closed 已关闭，refunded 已退款',
  );
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Our order numbers: letters and digits only, as WeChat's out_trade_no allows. */
export const ORDER_NO_PATTERN = /^[A-Za-z0-9]{6,32}$/;

export const VipPlanSchema = z
  .object({
    id: z.string(),
    titleZh: z.string(),
    days: z.int().min(1).describe('会员天数（固定期限，不自动续费）'),
    amountFen: z.int().min(1).describe('价格（分）'),
  })
  .meta({ id: 'VipPlan', description: 'VIP 会员方案' });
export type VipPlan = z.infer<typeof VipPlanSchema>;

export const VipPlansSchema = z
  .object({
    plans: z.array(VipPlanSchema),
    providers: z.array(PaymentProviderSchema).describe('可用的支付方式，第一个为默认'),
    autoRenewal: z.literal(false).describe('不提供自动续费'),
  })
  .meta({ id: 'VipPlans', description: 'VIP 会员方案与可用支付方式' });
export type VipPlans = z.infer<typeof VipPlansSchema>;

export const CreateOrderBodySchema = z
  .object({
    kind: OrderKindSchema,
    itemId: z.string().min(1).max(64).describe('方案或资料 id；价格只取服务器价目表'),
  })
  .meta({ id: 'CreateOrderBody', description: '下单（同一商品已有待支付订单时返回该订单）' });
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const OrderNoParamsSchema = z.object({
  orderNo: z.string().regex(ORDER_NO_PATTERN).describe('订单号'),
});

export const OrderSchema = z
  .object({
    orderNo: z.string(),
    kind: OrderKindSchema,
    itemId: z.string(),
    titleZh: z.string(),
    amountFen: z.int(),
    currency: z.literal('CNY'),
    status: OrderStatusSchema,
    /** True while the learner can still pay it (created or paying, before its expiry). */
    payable: z.boolean(),
    provider: PaymentProviderSchema.nullable(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    fulfilledAt: z.iso.datetime().nullable(),
    closedAt: z.iso.datetime().nullable(),
    refundedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Order', description: '订单' });
export type Order = z.infer<typeof OrderSchema>;

export const OrderListQuerySchema = PageQuerySchema;
export const OrderListSchema = pageOf(OrderSchema).meta({
  id: 'OrderList',
  description: '我的订单',
});
export type OrderList = z.infer<typeof OrderListSchema>;

export const PAY_DEVICES = ['desktop', 'mobile'] as const;
export const PayOrderBodySchema = z
  .object({
    provider: PaymentProviderSchema,
    device: z
      .enum(PAY_DEVICES)
      .describe(
        'desktop：微信扫码（Native）/ 支付宝电脑网站支付；mobile：微信 H5 / 支付宝手机网站支付',
      ),
  })
  .meta({ id: 'PayOrderBody', description: '去支付' });
export type PayOrderBody = z.infer<typeof PayOrderBodySchema>;

export const PaymentStartSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('redirect'), url: z.url().describe('前往支付页面') }),
    z.object({ kind: z.literal('qr'), codeUrl: z.string().describe('微信扫码支付的 code_url') }),
  ])
  .meta({ id: 'PaymentStart', description: '支付方式给出的下一步' });
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

/** What the payment window posts to its opener when an order is fulfilled (besides spec's vip). */
export interface OrderPaidMessage {
  type: 'order-paid';
  kind: OrderKind;
  itemId: string;
  orderNo: string;
}
