import { PageHeading } from '../../components/page-heading';
import { MockRecordList } from '../../features/mock-exam';

export function MockRecordPage() {
  return (
    <>
      <PageHeading
        title="模考记录"
        description="每次模考的时间、状态与总分；未完成的可继续作答。"
      />
      <MockRecordList />
    </>
  );
}
