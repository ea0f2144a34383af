import { PageHeading } from '../../components/page-heading';
import { MembershipLine, VipOffer } from '../vip/vip-offer';

export function WowVipPage() {
  return (
    <>
      <PageHeading
        title="Ninety VIP 会员"
        description="开通会员后，AI 评分、全真模考与全部微课不受次数限制。"
      />
      <MembershipLine />
      <VipOffer />
    </>
  );
}
