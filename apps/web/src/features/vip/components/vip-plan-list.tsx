import type { VipPlan } from '@ninety/contract';
import { Button } from 'antd';
import styles from './vip.module.css';

export interface VipPlanListProps {
  plans: readonly VipPlan[];
  /** Called straight from the click, so a payment window may be opened. */
  onBuy: (plan: VipPlan) => void;
  /** Shown under the plans (e.g. that there is no auto-renewal). */
  note?: string;
  /** The learner is a member already: buying extends from the current end. */
  isMember?: boolean;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The plans on sale with their prices; prices are the server's (the order takes them again). */
export function VipPlanList({ plans, onBuy, note, isMember = false }: VipPlanListProps) {
  return (
    <section className={styles.section} aria-labelledby="vip-plans">
      <h2 id="vip-plans" className={styles.sectionTitle}>
        会员方案
      </h2>
      <ul className={styles.plans}>
        {plans.map((plan) => (
          <li key={plan.id} className={styles.plan}>
            <h3 className={styles.planTitle}>{plan.titleZh}</h3>
            <p className={styles.price}>￥{yuan(plan.amountFen)}</p>
            <p className={styles.perDay}>
              {plan.days} 天，约 ￥{yuan(Math.round(plan.amountFen / plan.days))}/天
            </p>
            <Button
              type="primary"

              onClick={() => onBuy(plan)}
              aria-label={`${isMember ? '续费' : '开通'}${plan.titleZh}`}
            >
              {isMember ? '续费' : '立即开通'}
            </Button>
          </li>
        ))}
      </ul>
      {note && <p className={styles.note}>{note}</p>}
    </section>
  );
}
