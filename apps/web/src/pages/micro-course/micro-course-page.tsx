import { useState } from 'react';
import { PageHeading } from '../../components/page-heading';
import { PartFilter } from '../../components/part-filter';
import type { Part } from '../../components/part-filter';
import { CourseList } from '../../features/courses';

/** 微课 (kept alive by the route table): the series and one course per skill, by part. */
export function MicroCoursePage() {
  const [part, setPart] = useState<Part>('all');

  return (
    <>
      <PageHeading
        title="微课"
        description="几分钟一节的短视频，讲清每种题型的评分要点与答题方法；换设备也能接着看。"
        extra={<PartFilter value={part} onChange={setPart} />}
      />
      <CourseList skill={part} />
    </>
  );
}
