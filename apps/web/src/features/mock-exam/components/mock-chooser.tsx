import { mockKindNamesZh, type MockBlueprintSummary, type MockKind } from '@ninety/contract';
import { Button } from 'antd';
import { confirm } from '../../../lib/confirm';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useBlueprints } from '../api/get-blueprints';
import styles from './mock-exam.module.css';

/** The order papers are offered in: the real test first. */
const KIND_ORDER: Record<MockKind, number> = { full: 0, section: 1, mini: 2, level: 3, test: 4 };

export interface MockChooserProps {
  /** Members sit any paper; a non-member spends one use per paper (not per item). */
  isMember: boolean;
  /** A non-member's uses left; null when unknown (signed out). */
  usesLeft: number | null;
  /** Starts the paper (the page checks sign-in and the quota first). */
  onStart: (blueprint: MockBlueprintSummary) => void;
  /** The paper being started. */
  startingId: string | null;
}

function costText({ isMember, usesLeft }: Pick<MockChooserProps, 'isMember' | 'usesLeft'>) {
  if (isMember) return '会员不限次数';
  if (usesLeft === null) return '整套试卷只消耗 1 次使用次数（登录后开始）';
  return `整套试卷只消耗 1 次使用次数（剩余 ${usesLeft} 次）`;
}

/** Every paper on offer with its parts, item count and time, and what sitting it costs. */
export function MockChooser(props: MockChooserProps) {
  const blueprints = useBlueprints();
  const confirmStart = (blueprint: MockBlueprintSummary) =>
    confirm({
      title: `开始${blueprint.nameZh}？`,
      content: (
        <>
          <p>
            共 {blueprint.itemCount} 题，约 {blueprint.estimatedMinutes}{' '}
            分钟，考试界面为英文，按真实考试计时，不能返回上一题。
          </p>
          <p>{costText(props)}。中途刷新或断网，可在 72 小时内从同一题继续。</p>
        </>
      ),
      okText: '开始',
      cancelText: '取消',
      // 开始 and 取消 as the site's other two-character buttons read, not antd's 开 始 / 取 消.
      okButtonProps: { autoInsertSpace: false },
      cancelButtonProps: { autoInsertSpace: false },
      onOk: () => props.onStart(blueprint),
    });

  return (
    <QueryState
      query={blueprints}
      subject="试卷"
      isEmpty={(data) => data.list.length === 0}
      empty={<EmptyState description="暂无可用的试卷" />}
    >
      {(data) => (
        <div className={styles.grid}>
          {[...data.list]
            .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
            .map((blueprint) => (
              <section key={blueprint.id} className={styles.card} aria-label={blueprint.nameZh}>
                <h3>{blueprint.nameZh}</h3>
                <span className={styles.meta}>
                  {mockKindNamesZh[blueprint.kind]} · {blueprint.itemCount} 题 · 约{' '}
                  {blueprint.estimatedMinutes} 分钟
                </span>
                <p>{blueprint.descriptionZh}</p>
                <ul className={styles.parts}>
                  {blueprint.parts.map((part) => (
                    <li key={part.id}>
                      {part.titleZh}：{part.itemCount} 题
                      {part.sectionMinutes !== null && `，限时 ${part.sectionMinutes} 分钟`}
                    </li>
                  ))}
                </ul>
                <span className={styles.cost}>{costText(props)}</span>
                <Button
                  type="primary"
                  loading={props.startingId === blueprint.id}
                  disabled={props.startingId !== null && props.startingId !== blueprint.id}
                  onClick={() => confirmStart(blueprint)}
                >
                  开始模考
                </Button>
              </section>
            ))}
        </div>
      )}
    </QueryState>
  );
}
