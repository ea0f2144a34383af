/**
 * `npm run orders -- <command>`: the operator's commands for orders (there is no admin page).
 *
 *   show <orderNo>                     the order as the database holds it
 *   refund <orderNo> --reason <text>   refunds it in full through its provider and takes back
 *                                      what it granted (VIP days, a material)
 *
 * Uses the server's configuration (DATABASE_URL, the payment providers' keys). An embedded
 * (PGlite) database can be open in one process only: stop the server first, or run it against
 * PostgreSQL.
 */
import Fastify from 'fastify';
import { pathToFileURL } from 'node:url';
import { loadConfigOrExit } from '../../config';
import { databaseTimeouts, openDatabase } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { buildAppContext } from '../../services';
import { registerMaterialProduct } from '../materials/materials.service';
import { findOrder } from './orders.repository';
import { ordersDeps, refundOrder, type OrderRow, type OrdersDeps } from './orders.service';

const USAGE = [
  '用法：',
  '  npm run orders -- show <订单号>',
  '  npm run orders -- refund <订单号> --reason <退款原因>',
].join('\n');

const ORDER_NO = /^[A-Za-z0-9]{6,32}$/;

const fen = (amount: number) => `¥${(amount / 100).toFixed(2)}`;
const when = (date: Date | null) => date?.toISOString() ?? '—';

export function describeOrder(order: OrderRow): string {
  return [
    `订单号      ${order.orderNo}`,
    `状态        ${order.status}`,
    `商品        ${order.kind}/${order.itemId} ${order.titleZh}`,
    `金额        ${fen(order.amountFen)} ${order.currency}`,
    `用户        ${order.userId ?? '（账号已注销）'}`,
    `支付方式    ${order.provider ?? '—'}  交易号 ${order.providerTransactionId ?? '—'}`,
    `创建        ${when(order.createdAt)}  到期 ${when(order.expiresAt)}`,
    `支付        ${when(order.paidAt)}  完成 ${when(order.fulfilledAt)}`,
    `关闭        ${when(order.closedAt)}  退款 ${when(order.refundedAt)} ${order.refundNo ?? ''}`,
    ...(order.refundReason ? [`退款原因    ${order.refundReason}`] : []),
  ].join('\n');
}

/** Runs one command; the exit code (0 done, 1 refused or failed, 2 bad usage). */
export async function runOrdersCommand(
  deps: OrdersDeps,
  args: readonly string[],
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  const [command, orderNo, ...rest] = args;
  if (!orderNo || !ORDER_NO.test(orderNo) || (command !== 'show' && command !== 'refund')) {
    out.error(USAGE);
    return 2;
  }
  try {
    if (command === 'show') {
      const order = await findOrder(deps.db, orderNo);
      if (!order) {
        out.error(`订单 ${orderNo} 不存在`);
        return 1;
      }
      out.log(describeOrder(order));
      return 0;
    }
    const at = rest.indexOf('--reason');
    const reason =
      at >= 0
        ? rest
            .slice(at + 1)
            .join(' ')
            .trim()
        : '';
    if (!reason || reason.length > 80) {
      out.error(`退款需要原因（--reason，最多 80 字）\n${USAGE}`);
      return 2;
    }
    const order = await refundOrder(deps, orderNo, reason);
    out.log(`已退款，权益已收回。\n${describeOrder(order)}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  // A Fastify that never listens: the server's logger, so refunds are logged as the server logs.
  const host = Fastify({ logger: { level: config.LOG_LEVEL } });
  const database = await openDatabase(config.DATABASE_URL, databaseTimeouts(config));
  try {
    await database.migrate();
    const context = await buildAppContext(config, database, host.log, { clock: systemClock });
    // Every kind for sale, so a refund can take back what it granted.
    registerMaterialProduct(context);
    return await runOrdersCommand(ordersDeps(context), process.argv.slice(2), console);
  } finally {
    await host.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
