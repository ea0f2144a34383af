import type { MockBlueprintSummary } from '@ninety/contract';
import { Alert } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { isMember, remainingUses, useCurrentUser, useQuotaCheck } from '../../features/auth';
import { examPath, MockChooser, useRecords } from '../../features/mock-exam';
import { isSignedIn } from '../../lib/session';

/** An unfinished paper, offered first: it can be resumed for 72 h. */
function ResumeNotice() {
  const records = useRecords(1, isSignedIn());
  const open = records.data?.list.find((record) => record.status === 'in_progress');
  if (!open) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`有一份未完成的${open.blueprint.nameZh}（已答 ${open.answered} / ${open.itemCount}）`}
      description="可在开始后 72 小时内从中断的题目继续，计时以服务器为准。"
      action={
        <Link to={examPath(open.id)} className="ui-button ui-button-primary">
          继续
        </Link>
      }
    />
  );
}

export function MockExamPage() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const checkQuota = useQuotaCheck();
  const start = async (blueprint: MockBlueprintSummary) => {
    if (!(await checkQuota())) return;
    // The check-in (headset, microphone) comes first; the paper and its clock start after it.
    void navigate(`/PTE-MockExam?blueprint=${encodeURIComponent(blueprint.id)}`);
  };
  return (
    <>
      <PageHeading
        title="模考"
        description="按真实考试的题量、顺序与计时完成整套试题，考后生成成绩报告（练习估分，附误差区间）。"
        extra={
          <Link to="/mock/record" className="ui-button">
            模考记录
          </Link>
        }
      />
      <ResumeNotice />
      <MockChooser
        isMember={isMember(user)}
        usesLeft={user ? remainingUses(user) : null}
        onStart={start}
        startingId={null}
      />
    </>
  );
}
