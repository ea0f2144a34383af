import { PageHeading } from '../../components/page-heading';
import { MembershipLine, VipOffer } from './vip-offer';

export function VipPage() {
  return (
    <>
      <PageHeading
        title="VIP 会员"
        description="会员练习不受次数限制；非会员可使用有限次数的 AI 评分。"
        extra={
          <a href="/wow-vip" target="_blank" rel="noopener" className="ui-button">
            在新窗口查看会员介绍
          </a>
        }
      />
      <MembershipLine />
      <VipOffer />
    </>
  );
}
