import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { PartFilter, partLabel } from '../../components/part-filter';
import type { Part } from '../../components/part-filter';

export function MicroCoursePage() {
  const [part, setPart] = useState<Part>('all');
  const scope = part === 'all' ? '' : partLabel(part);

  return (
    <>
      <PageHeading
        title="微课"
        description="几分钟一节的短视频，讲清每种题型的评分要点与答题方法。"
        extra={<PartFilter value={part} onChange={setPart} />}
      />
      <EmptyState description={`${scope}微课正在录制中，上线后可按题型观看`} />
    </>
  );
}
