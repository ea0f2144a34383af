import type { Order } from '@ninety/contract';
import { Pagination } from 'antd';
import { useState } from 'react';
import { ORDERS_PER_PAGE, useOrders } from '../api/get-orders';
import { ORDER_STATUS_TEXT } from '../labels';
import { yuanText } from '../money';
import { orderPath, PAYMENT_WINDOW_NAME } from '../payment-window';
import styles from './orders.module.css';

function OrderEntry({ order }: { order: Order }) {
  return (
    <li className={styles.entry}>
      <div className={styles.entryLine}>
        <span className={styles.entryTitle}>{order.titleZh}</span>
        <span>{yuanText(order.amountFen)}</span>
      </div>
      <div className={styles.entryLine}>
        <span className={styles.entryMeta}>
          {ORDER_STATUS_TEXT[order.status]}
          {order.status === 'refunded' && order.refundReason
            ? ` · 原因：${order.refundReason}`
            : ''}{' '}
          · {new Date(order.createdAt).toLocaleString('zh-CN')}
        </span>
        <a href={orderPath(order.orderNo)} target={PAYMENT_WINDOW_NAME} rel="opener">
          {order.payable ? '继续支付' : '查看'}
        </a>
      </div>
    </li>
  );
}

/** 我的订单: every order of the learner, an unpaid one can be paid until it expires. */
export function OrderList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useOrders(page);
  if (isPending) return <p className={styles.note}>正在读取订单…</p>;
  if (isError) return <p className={styles.note}>订单读取失败，请刷新页面重试。</p>;
  if (data.total === 0) return <p className={styles.note}>还没有订单。</p>;
  return (
    <>
      <ul className={styles.entries} aria-label="我的订单">
        {data.list.map((order) => (
          <OrderEntry key={order.orderNo} order={order} />
        ))}
      </ul>
      {data.total > ORDERS_PER_PAGE && (
        <Pagination
          size="small"
          current={page}
          pageSize={ORDERS_PER_PAGE}
          total={data.total}
          onChange={setPage}
        />
      )}
    </>
  );
}
