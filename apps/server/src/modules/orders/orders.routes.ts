import {
  CreateOrderBodySchema,
  ErrorCode,
  OrderListQuerySchema,
  OrderListSchema,
  OrderNoParamsSchema,
  OrderSchema,
  okEnvelope,
  PaymentStartSchema,
  PayOrderBodySchema,
  SandboxJsapiBodySchema,
  SandboxJsapiResultSchema,
  VipPlansSchema,
  WechatAuthorizeQuerySchema,
  WechatAuthorizeSchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SANDBOX_ACTIONS,
  SandboxPaymentProvider,
  type SandboxAction,
  type SandboxOutcome,
} from '../../adapters/payments/sandbox-payment-provider';
import type { JobQueue } from '../../adapters/queue/job-queue';
import type { RegisterModule } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { authOf } from '../../lib/request-auth';
import { toOrder } from './orders.mapper';
import {
  cancelOrder,
  createOrder,
  handleNotification,
  ordersDeps,
  ordersOf,
  ownOrder,
  payOrder,
  queryOrder,
  type OrdersDeps,
  type VipPlanConfig,
  SANDBOX_LATE_NOTIFICATION_QUEUE,
  type LateNotificationJob,
  wechatAuthorizeUrl,
} from './orders.service';
import { sandboxCheckoutPage } from './sandbox-page';

const errors = errorResponses(400, 401, 404, 429, 503);
/** Notifications are small; anything larger is not a provider's. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

const learnerRoutes =
  (deps: OrdersDeps, plans: readonly VipPlanConfig[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/orders/vip-plans',
      {
        schema: {
          tags: ['orders'],
          summary: 'VIP 会员方案、价格（分）与可用支付方式；固定期限，不自动续费',
          response: { 200: okEnvelope(VipPlansSchema), ...errors },
        },
      },
      async () => ({
        data: {
          plans: plans.map(({ id, titleZh, days, amountFen }) => ({
            id,
            titleZh,
            days,
            amountFen,
          })),
          providers: [...deps.providers.keys()],
          autoRenewal: false as const,
        },
      }),
    );

    app.post(
      '/api/orders',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['orders'],
          summary: '下单：价格只取服务器价目表；同一商品已有待支付订单时返回该订单',
          security: [{ token: [] }],
          body: CreateOrderBodySchema,
          response: { 200: okEnvelope(OrderSchema), ...errors },
        },
      },
      async (request) => {
        const order = await createOrder(deps, authOf(request).user.id, request.body);
        return { data: toOrder(order, deps.clock.now()) };
      },
    );

    app.get(
      '/api/orders',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['orders'],
          summary: '我的订单，最新的在前',
          security: [{ token: [] }],
          querystring: OrderListQuerySchema,
          response: { 200: okEnvelope(OrderListSchema), ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await ordersOf(deps, authOf(request).user.id, request.query);
        const now = deps.clock.now();
        return {
          data: {
            list: rows.map((row) => toOrder(row, now)),
            total,
            page: request.query.page,
            perPage: request.query.perPage,
          },
        };
      },
    );

    app.get(
      '/api/orders/:orderNo',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['orders'],
          summary: '订单详情（支付窗口轮询）',
          security: [{ token: [] }],
          params: OrderNoParamsSchema,
          response: { 200: okEnvelope(OrderSchema), ...errors },
        },
      },
      async (request) => {
        const order = await ownOrder(deps, authOf(request).user.id, request.params.orderNo);
        return { data: toOrder(order, deps.clock.now()) };
      },
    );

    app.post(
      '/api/orders/:orderNo/pay',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['orders'],
          summary: '去支付：返回支付页面地址或微信扫码的 code_url',
          security: [{ token: [] }],
          params: OrderNoParamsSchema,
          body: PayOrderBodySchema,
          response: { 200: okEnvelope(PaymentStartSchema), ...errors },
        },
      },
      async (request) => ({
        data: await payOrder(
          deps,
          authOf(request).user.id,
          request.params.orderNo,
          request.body,
          request.ip,
        ),
      }),
    );

    app.get(
      '/api/orders/:orderNo/wechat-authorize',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['orders'],
          summary: '在微信内支付：网页授权（snsapi_base）地址，授权后带 code 回到支付页',
          security: [{ token: [] }],
          params: OrderNoParamsSchema,
          querystring: WechatAuthorizeQuerySchema,
          response: { 200: okEnvelope(WechatAuthorizeSchema), ...errors },
        },
      },
      async (request) => ({
        data: {
          url: await wechatAuthorizeUrl(
            deps,
            authOf(request).user.id,
            request.params.orderNo,
            request.query.state,
          ),
        },
      }),
    );

    app.post(
      '/api/orders/:orderNo/query',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['orders'],
          summary: '主动查询支付结果（付款了但订单一直待支付时）',
          security: [{ token: [] }],
          params: OrderNoParamsSchema,
          response: { 200: okEnvelope(OrderSchema), ...errors },
        },
      },
      async (request) => {
        const order = await ownOrder(deps, authOf(request).user.id, request.params.orderNo);
        return { data: toOrder(await queryOrder(deps, order), deps.clock.now()) };
      },
    );

    app.post(
      '/api/orders/:orderNo/cancel',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['orders'],
          summary: '取消未支付的订单（已支付的不受影响）',
          security: [{ token: [] }],
          params: OrderNoParamsSchema,
          response: { 200: okEnvelope(OrderSchema), ...errors },
        },
      },
      async (request) => {
        const order = await cancelOrder(deps, authOf(request).user.id, request.params.orderNo);
        return { data: toOrder(order, deps.clock.now()) };
      },
    );
  };

/**
 * Provider-facing routes: notifications (signatures are over the exact bytes, so the body is
 * kept as a string) and the sandbox's checkout page. Their own plugin, so these parsers apply
 * to them alone.
 */
const providerRoutes =
  (deps: OrdersDeps, queue: JobQueue): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/api/payments/notify/:provider',
      {
        schema: {
          tags: ['orders'],
          summary: '支付结果通知（微信支付 / 支付宝 / 模拟支付），验签后处理；重复通知只履约一次',
          params: z.object({ provider: z.string().max(20) }),
        },
      },
      async (request, reply) => {
        const answer = await handleNotification(deps, request.params.provider, {
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
        });
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );

    const sandbox = deps.providers.get('sandbox');
    if (!(sandbox instanceof SandboxPaymentProvider)) return;

    /** Sends the sandbox's notification now, or later through the job queue. */
    const deliver = async (outcome: SandboxOutcome) => {
      const notification = outcome.notification;
      if (notification && outcome.notifyAfterSeconds === 0) {
        await handleNotification(deps, 'sandbox', notification);
      } else if (notification) {
        // "Late": the active query (payment window, job) should find the payment first. The
        // notification waits on the job queue, so a restart does not lose it.
        const job: LateNotificationJob = {
          headers: Object.fromEntries(
            Object.entries(notification.headers).map(([name, value]) => [name, String(value)]),
          ),
          rawBody: notification.rawBody,
        };
        await queue.send(SANDBOX_LATE_NOTIFICATION_QUEUE, job, {
          startAfterSeconds: outcome.notifyAfterSeconds,
        });
      }
    };

    app.get(
      '/api/payments/sandbox/checkout',
      {
        schema: {
          tags: ['orders'],
          summary: '模拟支付收银台（仅测试环境）',
          querystring: z.object({ ticket: z.string().max(4000), sig: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const ticket = sandbox.readTicket(request.query.ticket, request.query.sig);
        if (!ticket) throw new AppError(ErrorCode.BadSignature, '支付链接无效或已被修改');
        return reply
          .type('text/html; charset=utf-8')
          .send(sandboxCheckoutPage(ticket, request.query.ticket, request.query.sig));
      },
    );

    app.post(
      '/api/payments/sandbox/checkout',
      { schema: { tags: ['orders'], summary: '模拟支付：支付、延迟通知、失败或取消' } },
      async (request, reply) => {
        const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
        const action = form.get('action') as SandboxAction | null;
        const ticket = sandbox.readTicket(form.get('ticket') ?? '', form.get('sig') ?? '');
        if (!ticket || !action || !SANDBOX_ACTIONS.includes(action)) {
          throw new AppError(ErrorCode.BadSignature, '支付请求无效或已被修改');
        }
        const outcome = await sandbox.act(ticket, action);
        await deliver(outcome);
        return reply.redirect(outcome.redirect, 303);
      },
    );

    app.post(
      '/api/payments/sandbox/jsapi',
      {
        schema: {
          tags: ['orders'],
          summary: '模拟微信内支付（JSAPI 收银台的替身）：支付、失败或取消',
          response: { 200: okEnvelope(SandboxJsapiResultSchema), ...errors },
        },
      },
      async (request) => {
        // This plugin keeps bodies as strings (notifications are signed over their bytes).
        let body: unknown;
        try {
          body = JSON.parse(typeof request.body === 'string' ? request.body : '');
        } catch {
          body = null;
        }
        const parsed = SandboxJsapiBodySchema.safeParse(body);
        const ticket = parsed.success ? sandbox.readJsapiTicket(parsed.data) : null;
        if (!parsed.success || !ticket) {
          throw new AppError(ErrorCode.BadSignature, '支付参数无效或已被修改');
        }
        const outcome = await sandbox.act(ticket, parsed.data.action);
        await deliver(outcome);
        const result = new URL(outcome.redirect).searchParams.get('result');
        // As the bridge's callback: ok, cancel, or fail (a closed order fails too).
        const errMsg = result === 'paid' ? 'ok' : result === 'cancel' ? 'cancel' : 'fail';
        return { data: { errMsg: `get_brand_wcpay_request:${errMsg}` } };
      },
    );
  };

export const register: RegisterModule = async (app, context) => {
  const deps = ordersDeps(context);
  await app.register(learnerRoutes(deps, context.config.VIP_PLANS));
  await app.register(providerRoutes(deps, context.queue));
};
