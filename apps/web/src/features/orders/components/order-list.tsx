import type { Order } from '@ninety/contract';
import { Pagination } from 'antd';
import { useState } from 'react';
import { ORDERS_PER_PAGE, useOrders } from '../api/get-orders';
import { ORDER_STATUS_TEXT } from '../labels';
import { yuanText } from '../money';
import { orderPath, PAYMENT_WINDOW_NAME } from '../payment-window';
import styles from './orders.module.css';

function OrderRow({ order }: { order: Order }) {
  return (
    <tr>
      <td>{order.titleZh}</td>
      <td>{yuanText(order.amountFen)}</td>
      <td>{ORDER_STATUS_TEXT[order.status]}</td>
      <td>{new Date(order.createdAt).toLocaleString('zh-CN')}</td>
      <td>
        <a href={orderPath(order.orderNo)} target={PAYMENT_WINDOW_NAME} rel="opener">
          {order.payable ? '继续支付' : '查看'}
        </a>
      </td>
    </tr>
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
      <table className={styles.table}>
        <caption className={styles.caption}>我的订单</caption>
        <thead>
          <tr>
            <th scope="col">商品</th>
            <th scope="col">金额</th>
            <th scope="col">状态</th>
            <th scope="col">下单时间</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {data.list.map((order) => (
            <OrderRow key={order.orderNo} order={order} />
          ))}
        </tbody>
      </table>
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
