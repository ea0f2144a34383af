import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import {
  ExamCheckIn,
  ExamScreen,
  examPath,
  useBlueprints,
  useStartMock,
} from '../../features/mock-exam';
import styles from './full-mock-exam-page.module.css';

/** Check-in for a paper not started yet: the paper (and its clock) starts after the checks. */
function CheckIn({ blueprintId }: { blueprintId: string }) {
  const navigate = useNavigate();
  const blueprints = useBlueprints();
  const start = useStartMock();
  const blueprint = blueprints.data?.list.find((candidate) => candidate.id === blueprintId);
  if (blueprints.isPending) return <p className={styles.notice}>Loading…</p>;
  if (!blueprint) {
    return (
      <div className={styles.notice}>
        <PageHeading title="全真模考" />
        <EmptyState description="没有这种试卷" action={<Link to="/mock/exam">返回模考</Link>} />
      </div>
    );
  }
  const hasSpeaking = blueprint.parts.some((part) => part.section === 'speaking-writing');
  // A listening section needs the headset check too (its audio plays once), not the microphone's.
  const hasAudio = hasSpeaking || blueprint.parts.some((part) => part.section === 'listening');
  return (
    <>
      <ExamCheckIn
        nameEn={blueprint.nameEn}
        itemCount={blueprint.itemCount}
        estimatedMinutes={blueprint.estimatedMinutes}
        hasSpeaking={hasSpeaking}
        hasAudio={hasAudio}
        isStarting={start.isPending}
        onReady={() =>
          start.mutate(
            { blueprintId },
            {
              onSuccess: (state) =>
                void navigate(examPath(state.id), { replace: true, state: { started: true } }),
            },
          )
        }
      />
    </>
  );
}

/**
 * PTE-MockExam, full screen: `?blueprint=` checks in and starts a paper, `?id=` sits (or resumes)
 * one. Without either it points to the choice of papers.
 */
export function FullMockExamPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Started by a click on this page (not a reload): the first item's audio may play at once.
  // (ExamScreen keeps what it was given when it mounted, so clearing the flag below is safe.)
  const startedHere = (location.state as { started?: boolean } | null)?.started === true;
  const paperId = params.get('id');
  // The flag lives in the history entry, which a reload keeps: forget it once read, so a reload
  // asks for the click that lets audio play again.
  useEffect(() => {
    if (startedHere && paperId) void navigate(examPath(paperId), { replace: true, state: null });
  }, [startedHere, paperId, navigate]);
  const blueprintId = params.get('blueprint');
  if (paperId) return <ExamScreen key={paperId} paperId={paperId} isFreshStart={startedHere} />;
  if (blueprintId) return <CheckIn blueprintId={blueprintId} />;
  return (
    <div className={styles.notice}>
      <PageHeading
        title="全真模考"
        description="完整模拟 PTE 考试：约 2 小时，依次完成口语写作、阅读、听力三个部分。"
      />
      <EmptyState
        description="请先在模考页选择试卷"
        action={
          <Link to="/mock/exam" className="ui-button ui-button-primary">
            选择试卷
          </Link>
        }
      />
    </div>
  );
}
