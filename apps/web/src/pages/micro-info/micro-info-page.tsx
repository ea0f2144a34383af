import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function MicroInfoPage() {
  const { type, id } = useParams();

  return (
    <>
      <PageHeading title="微课详情" description="本节微课的讲解要点与配套练习。" />
      <FactList
        facts={[
          { label: '分类', value: type },
          { label: '微课编号', value: id },
        ]}
      />
      <EmptyState description="微课正在录制中，上线后可在这里观看" />
    </>
  );
}
