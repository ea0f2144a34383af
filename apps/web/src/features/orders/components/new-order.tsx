import type { OrderKind } from '@ninety/contract';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useCreateOrder } from '../api/create-order';
import styles from './orders.module.css';

export interface NewOrderProps {
  kind: OrderKind;
  itemId: string;
  /** Where to go once the order exists (the page replaces the URL with the order's). */
  onCreated: (orderNo: string) => void;
}

/** Makes the order the payment window was opened for; a second window gets the same open order. */
export function NewOrder({ kind, itemId, onCreated }: NewOrderProps) {
  const create = useCreateOrder();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create.mutate({ kind, itemId }, { onSuccess: (order) => onCreated(order.orderNo) });
  }, [create, kind, itemId, onCreated]);
  if (create.isError) {
    return <Alert type="error" showIcon title="下单失败，请关闭窗口后重试。" />;
  }
  return <p className={styles.note}>正在创建订单…</p>;
}
