import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function RecordTestPage() {
  return (
    <>
      <PageHeading
        title="麦克风测试"
        description="口语练习前，先录一段话并回放，确认麦克风能正常收音。"
      />
      <EmptyState description="麦克风测试即将开放，开放后可在这里录音并回放检查" />
    </>
  );
}
