import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function ExercisePage() {
  const { typeCode, wpId, questionsId } = useParams();

  return (
    <>
      <PageHeading
        title={typeCode ? `练习 · ${typeCode}` : '练习'}
        description="作答后即可看到 AI 评分与逐项解析。"
        extra={
          <Link to="/question" className="ui-button">
            返回题库
          </Link>
        }
      />
      <FactList
        facts={[
          { label: '题型', value: typeCode },
          { label: '题组', value: wpId },
          { label: '题目', value: questionsId },
        ]}
      />
      <EmptyState description="该题目正在整理中，上线后即可在这里作答并获得评分" />
    </>
  );
}
