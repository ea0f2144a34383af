import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { MaterialDetails } from '../../features/materials';
import { BuyButton } from '../special-topic/special-topic-page';

/** 课程详情 (material/CourseDetails/{id}): a study pack's contents, sample and price. */
export function CourseDetailsPage() {
  const id = useParams().id ?? '';
  return (
    <>
      <PageHeading
        title="课程详情"
        description="一个部分全部题型的资料包：每个题型一份 PDF，附答题步骤。"
        extra={<Link to="/material/index">全部资料</Link>}
      />
      <MaterialDetails
        id={id}
        kind="pack"
        renderAction={(material) => <BuyButton material={material} />}
      />
    </>
  );
}
