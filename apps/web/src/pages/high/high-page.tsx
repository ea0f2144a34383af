import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { PartFilter, partLabel } from '../../components/part-filter';
import type { Part } from '../../components/part-filter';

export function HighPage() {
  const [part, setPart] = useState<Part>('all');
  const scope = part === 'all' ? '' : partLabel(part);

  return (
    <>
      <PageHeading
        title="本周高频"
        description="每周更新考试中反复出现的题目，优先练习最可能考到的内容。"
        extra={<PartFilter value={part} onChange={setPart} />}
      />
      <EmptyState description={`本周${scope}高频题正在整理中，上线后会在这里按题型列出`} />
    </>
  );
}
