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
    refundReason: z.string().nullable().describe('退款原因（客服退款时填写）'),
  })
  .meta({ id: 'Order', description: '订单' });
export type Order = z.infer<typeof OrderSchema>;

export const OrderListQuerySchema = PageQuerySchema;
export const OrderListSchema = pageOf(OrderSchema).meta({
  id: 'OrderList',
  description: '我的订单',
});
export type OrderList = z.infer<typeof OrderListSchema>;

export const PAY_DEVICES = ['desktop', 'mobile', 'wechat'] as const;
/** A WeChat web-authorisation code: letters, digits, `_` and `-` (WeChat's are 32 characters). */
export const WECHAT_OAUTH_CODE_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** Our OAuth state, checked by the page that asked for it. */
export const WECHAT_OAUTH_STATE_PATTERN = /^[A-Za-z0-9]{8,64}$/;
export const PayOrderBodySchema = z
  .object({
    provider: PaymentProviderSchema,
    device: z
      .enum(PAY_DEVICES)
      .describe(
        'desktop：微信扫码（Native）/ 支付宝电脑网站支付；mobile：微信 H5 / 支付宝手机网站支付；' +
          'wechat：在微信内置浏览器中（微信 JSAPI 支付，需 oauthCode）',
      ),
    oauthCode: z
      .string()
      .regex(WECHAT_OAUTH_CODE_PATTERN)
      .optional()
      .describe('微信网页授权（snsapi_base）回到本页时带的 code，用于取得付款人的 openid'),
  })
  .meta({ id: 'PayOrderBody', description: '去支付' });
export type PayOrderBody = z.infer<typeof PayOrderBodySchema>;

export const JsapiPayParamsSchema = z
  .object({
    appId: z.string(),
    timeStamp: z.string(),
    nonceStr: z.string(),
    package: z.string().describe('prepay_id=…'),
    signType: z.literal('RSA'),
    paySign: z.string().describe('商户私钥对 appId、timeStamp、nonceStr、package 的签名'),
  })
  .describe("WeixinJSBridge.invoke('getBrandWCPayRequest', params) 的参数");
/** `getBrandWCPayRequest`'s parameters, signed by the merchant. */
export type JsapiPayParams = z.infer<typeof JsapiPayParamsSchema>;

export const PaymentStartSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('redirect'), url: z.url().describe('前往支付页面') }),
    z.object({ kind: z.literal('qr'), codeUrl: z.string().describe('微信扫码支付的 code_url') }),
    z.object({ kind: z.literal('jsapi'), params: JsapiPayParamsSchema }),
  ])
  .meta({ id: 'PaymentStart', description: '支付方式给出的下一步' });
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

export const WechatAuthorizeQuerySchema = z.object({
  state: z.string().regex(WECHAT_OAUTH_STATE_PATTERN).describe('页面生成的随机 state，回来时核对'),
});
export const WechatAuthorizeSchema = z
  .object({ url: z.url().describe('微信网页授权（snsapi_base）地址，授权后回到本订单的支付页') })
  .meta({ id: 'WechatAuthorize', description: '在微信内支付前取得 openid 的授权地址' });
export type WechatAuthorize = z.infer<typeof WechatAuthorizeSchema>;

/** The sandbox's stand-in for WeChat's JSAPI cashier: what the learner chose. */
export const SandboxJsapiBodySchema = z.object({
  appId: z.string().max(64),
  timeStamp: z.string().max(20),
  nonceStr: z.string().max(64),
  package: z.string().max(4000),
  paySign: z.string().max(200),
  action: z.enum(['pay', 'fail', 'cancel']),
});
/** The stand-in answers as the bridge's callback does: `get_brand_wcpay_request:ok|cancel|fail`. */
export const SandboxJsapiResultSchema = z.object({ errMsg: z.string() });
export type SandboxJsapiBody = z.infer<typeof SandboxJsapiBodySchema>;

/** What the payment window posts to its opener when an order is fulfilled (besides spec's vip). */
export interface OrderPaidMessage {
  type: 'order-paid';
  kind: OrderKind;
  itemId: string;
  orderNo: string;
}
