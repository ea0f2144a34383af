import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function VideoInfoPage() {
  const { courseType, id } = useParams();
  const [searchParams] = useSearchParams();

  return (
    <>
      <PageHeading title="视频详情" description="课程视频与讲义。" />
      <FactList
        facts={[
          { label: '课程类型', value: courseType },
          { label: '视频编号', value: id },
          { label: '所属微课', value: searchParams.get('microCourseId') ?? undefined },
        ]}
      />
      <EmptyState description="课程视频正在录制中，上线后可在这里播放" />
    </>
  );
}
