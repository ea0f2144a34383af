import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { H5ReportView, isPaperId, useReport } from '../../features/mock-report';

const NOT_FOUND = <EmptyState description="没有找到这份成绩单" />;

function Transcript({ id }: { id: string }) {
  const report = useReport(id);
  return (
    <QueryState query={report} subject="成绩单" renderError={() => NOT_FOUND}>
      {(data) => <H5ReportView report={data} />}
    </QueryState>
  );
}

export function H5ReportPage() {
  const { id } = useParams();
  return (
    <>
      <PageHeading title="模考成绩单" description="练习估分，非官方成绩。" />
      {isPaperId(id) ? <Transcript id={id} /> : NOT_FOUND}
    </>
  );
}
