import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function CenterPage() {
  return (
    <>
      <PageHeading title="个人中心" description="账户信息、会员状态与剩余练习次数。" />
      <EmptyState description="登录功能即将开放，登录后这里会显示你的账户信息" />
    </>
  );
}
