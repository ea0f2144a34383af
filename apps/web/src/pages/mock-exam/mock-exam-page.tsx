import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function MockExamPage() {
  return (
    <>
      <PageHeading
        title="模考"
        description="按真实考试的题量、顺序与计时完成整套试题，考后生成成绩报告。"
        extra={
          <>
            <Link to="/mock/record" className="ui-button">
              模考记录
            </Link>
            <Link to="/PTE-MockExam" className="ui-button ui-button-primary">
              全真模考
            </Link>
          </>
        }
      />
      <EmptyState description="模考试卷正在整理中，上线后可在这里选择试卷开始模考" />
    </>
  );
}
