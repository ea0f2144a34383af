import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { isPaperId, MockReportView, useReport } from '../../features/mock-report';

const NOT_FOUND = <EmptyState description="没有找到这份报告（试卷不存在、尚未交卷或已放弃）" />;

function Report({ id }: { id: string }) {
  const report = useReport(id);
  return (
    <QueryState query={report} subject="模考报告" renderError={() => NOT_FOUND}>
      {(data) => <MockReportView report={data} />}
    </QueryState>
  );
}

export function MockReportPage() {
  const { id } = useParams();
  return (
    <>
      <PageHeading
        title="模考报告"
        description="总分与四项技能的练习估分（附可能区间）、能力档案、用时与逐题解析。"
      />
      {isPaperId(id) ? <Report id={id} /> : NOT_FOUND}
    </>
  );
}
