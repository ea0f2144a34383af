import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

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
      <EmptyState description="会员方案与价格即将公布，开通功能上线后会在这里显示" />
    </>
  );
}
