import { EmptyState } from '../../components/empty-state';
import { isMember, useCurrentUser, useLoginGuard } from '../../features/auth';
import { NO_AUTO_RENEWAL_TEXT, openPaymentWindow, useVipPlans } from '../../features/orders';
import { VipBenefits, VipFaq, VipPlanList } from '../../features/vip';
import styles from './vip-offer.module.css';

/** The learner's membership in one line (signed in only); it changes when a purchase window reports. */
export function MembershipLine() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  if (!isMember(user)) {
    return (
      <p className={styles.status} role="status">
        你目前不是会员
      </p>
    );
  }
  const until = user.memberExpiresAt
    ? `有效期至 ${new Date(user.memberExpiresAt).toLocaleDateString('zh-CN')}`
    : '长期有效';
  return (
    <p className={styles.status} role="status">
      你已是 VIP 会员，{until}，练习次数不限
    </p>
  );
}

/**
 * What members get, the plans and the FAQ. Buying signs in first when needed, then opens the
 * payment window; the window tells this page when the membership is active (spec's vip message).
 */
export function VipOffer() {
  const { data: user } = useCurrentUser();
  const { data: offer, isPending } = useVipPlans();
  const guard = useLoginGuard();
  return (
    <>
      <VipBenefits />
      {offer ? (
        <VipPlanList
          plans={offer.plans}
          isMember={!!user && isMember(user)}
          note={NO_AUTO_RENEWAL_TEXT}
          onBuy={(plan) => guard(() => openPaymentWindow('vip', plan.id))}
        />
      ) : (
        <EmptyState
          description={isPending ? '正在读取会员方案…' : '会员方案读取失败，请刷新页面重试'}
        />
      )}
      <VipFaq />
    </>
  );
}
