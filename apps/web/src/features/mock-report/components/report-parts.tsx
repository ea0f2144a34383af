import {
  itemTypes,
  type MockReport,
  type MockScoreReport,
  type ProfileNote,
} from '@ninety/contract';
import { Alert, Progress, Tag } from 'antd';
import { SkillBand } from './skill-band';
import styles from './report.module.css';

export const SKILL_NAMES = {
  speaking: '口语',
  writing: '写作',
  reading: '阅读',
  listening: '听力',
} as const;

export const LEVEL_NAMES = { strong: '优势', average: '一般', weak: '薄弱' } as const;
const LEVEL_COLORS = { strong: 'green', average: 'blue', weak: 'red' } as const;

export const dateTime = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export function minutesText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes} 分 ${rest} 秒` : `${rest} 秒`;
}

/** While the last items are scored: how far it is, and that the page updates by itself. */
export function ScoringProgress({ report }: { report: MockReport }) {
  const { done, total } = report.progress;
  return (
    <section className={styles.card} aria-label="评分进度">
      <h2>正在评分</h2>
      <Progress percent={total ? Math.round((done / total) * 100) : 0} />
      <p>
        已评 {done} / {total}{' '}
        题。口语与写作在交卷时就已开始评分，报告通常在最后一题后一分钟内生成，本页会自动刷新。
      </p>
    </section>
  );
}

/** Overall and the four skills, each with its range drawn, and the practice-estimate label. */
export function ScoreBands({ scores }: { scores: MockScoreReport }) {
  return (
    <section className={styles.card} aria-label="总分与单项">
      <h2>总分与单项</h2>
      <p className={styles.label}>
        <Tag color="orange">{scores.labelZh}</Tag>
        <span>{scores.noteZh}</span>
      </p>
      <SkillBand name="总分" skill={scores.overall} large />
      <div className={styles.skills}>
        {(Object.keys(SKILL_NAMES) as (keyof typeof SKILL_NAMES)[]).map((skill) => (
          <SkillBand key={skill} name={SKILL_NAMES[skill]} skill={scores.skills[skill]} />
        ))}
      </div>
      {scores.unscoredItems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={`${scores.unscoredItems.length} 道题未能评分（未计入分数，不按 10 分计算）`}
          description={
            <ul className={styles.notes}>
              {scores.unscoredItems.map((item) => (
                <li key={item.itemId}>
                  {itemTypes[item.type].nameZh}：{item.reasonZh}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </section>
  );
}

export function SkillsProfile({ scores }: { scores: MockScoreReport }) {
  return (
    <section className={styles.card} aria-label="能力档案">
      <h2>能力档案</h2>
      <ul className={styles.notes}>
        {scores.skillsProfile.map((entry) => (
          <li key={entry.id}>
            <strong>{entry.nameZh}</strong>（{entry.nameEn}）：{entry.score ?? '—'}{' '}
            {entry.level && <Tag color={LEVEL_COLORS[entry.level]}>{LEVEL_NAMES[entry.level]}</Tag>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function NoteList({ notes }: { notes: ProfileNote[] }) {
  if (notes.length === 0) return <p>暂无</p>;
  return (
    <ul className={styles.notes}>
      {notes.map((note, index) => (
        <li key={`${note.type}-${note.trait ?? ''}-${index}`}>
          <strong>{itemTypes[note.type].nameZh}</strong>：{note.textZh}
        </li>
      ))}
    </ul>
  );
}

/** Strengths and weaknesses; what to practise next is the caller's (it links to practice). */
export function StrengthsAndWeaknesses({ scores }: { scores: MockScoreReport }) {
  return (
    <>
      <section className={styles.card} aria-label="优势">
        <h2>优势</h2>
        <NoteList notes={scores.strengths} />
      </section>
      <section className={styles.card} aria-label="待提高">
        <h2>待提高</h2>
        <NoteList notes={scores.weaknesses} />
      </section>
    </>
  );
}
