import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function ListeningListPage() {
  return (
    <>
      <PageHeading
        title="精听"
        description="逐句听写与跟读：先听写检验听力，再跟读模仿语音语调。"
      />
      <EmptyState description="精听材料正在整理中，上线后可在这里选择材料开始练习" />
    </>
  );
}
