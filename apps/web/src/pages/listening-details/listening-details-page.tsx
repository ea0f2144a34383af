import { ErrorCode } from '@ninety/contract';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { LIST_PATH, ListeningWorkspace, useMaterial } from '../../features/listening';
import { HttpError } from '../../lib/http';

const isMissing = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind === 'not-found' ||
    error.code === ErrorCode.NotFound ||
    error.code === ErrorCode.InvalidInput);

/** 精听详情 (spec: ListeningListDetails?id=…): one material, sentence by sentence. */
export function ListeningDetailsPage() {
  const [search] = useSearchParams();
  const materialId = search.get('id') ?? '';
  const material = useMaterial(materialId);
  const back = (
    <Link to={LIST_PATH} className="ui-button">
      返回精听列表
    </Link>
  );

  if (!materialId) {
    return (
      <>
        <PageHeading title="精听详情" extra={back} />
        <EmptyState description="没有指定材料，请从精听列表中选择" />
      </>
    );
  }

  return (
    <>
      <PageHeading title={material.data?.title ?? '精听详情'} extra={back} />
      <QueryState
        query={material}
        subject="精听材料"
        renderError={(error) =>
          isMissing(error) ? (
            <EmptyState description="没有找到这份材料，它可能已下线" action={back} />
          ) : null
        }
      >
        {(data) => <ListeningWorkspace key={data.id} material={data} />}
      </QueryState>
    </>
  );
}
