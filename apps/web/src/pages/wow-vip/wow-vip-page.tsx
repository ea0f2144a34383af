import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function WowVipPage() {
  return (
    <>
      <PageHeading
        title="Ninety VIP 会员"
        description="开通会员后，AI 评分、全真模考与全部题库练习不受次数限制。"
      />
      <EmptyState description="会员方案与价格即将公布，敬请期待" />
    </>
  );
}
