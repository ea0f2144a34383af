import { itemTypes, type MockReport, type MockReportItem } from '@ninety/contract';
import { Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import {
  dateTime,
  minutesText,
  ScoreBands,
  ScoringProgress,
  SKILL_NAMES,
  SkillsProfile,
  StrengthsAndWeaknesses,
} from './report-parts';
import styles from './report.module.css';

const OUTCOME = {
  scored: { text: '已评分', color: 'green' },
  unscored: { text: '未评分', color: 'orange' },
  unanswered: { text: '未作答', color: 'default' },
  scoring: { text: '评分中', color: 'blue' },
} as const;

export function analysisPath(paperId: string, index: number): string {
  return `/mock/Mock-Analysis/${paperId}/${index}`;
}

function Comparison({ report }: { report: MockReport }) {
  if (!report.isOwner || report.previous.length === 0 || !report.scores) return null;
  const now = report.scores;
  const rows = [
    {
      id: report.id,
      label: '本次',
      overall: now.overall.score,
      speaking: now.skills.speaking.score,
      writing: now.skills.writing.score,
      reading: now.skills.reading.score,
      listening: now.skills.listening.score,
    },
    ...report.previous.map((entry) => ({
      ...entry,
      label: `${dateTime.format(new Date(entry.finishedAt))} ${entry.blueprint.nameZh}`,
    })),
  ];
  return (
    <section className={styles.card} aria-label="与以往模考对比">
      <h2>与以往模考对比</h2>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '模考', dataIndex: 'label' },
          { title: '总分', dataIndex: 'overall', render: (value) => value ?? '—' },
          ...(Object.keys(SKILL_NAMES) as (keyof typeof SKILL_NAMES)[]).map((skill) => ({
            title: SKILL_NAMES[skill],
            dataIndex: skill,
            render: (value: number | null) => value ?? '—',
          })),
        ]}
      />
    </section>
  );
}

/**
 * A mock's report (public by its id; the owner sees more): overall and four skills with their
 * ranges, the skills profile, strengths and weaknesses, what to practise next (links to those
 * types' lists), time per part, comparison with earlier mocks, and every item linking to its
 * analysis.
 */
export function MockReportView({
  report,
  studyPlan,
}: {
  report: MockReport;
  /** The page's study plan, shown after 接下来练什么 once scored (the level test's placement). */
  studyPlan?: ReactNode;
}) {
  const scores = report.scores;
  return (
    <div className={styles.report}>
      <p className={styles.label}>
        <span>{report.blueprint.nameZh}</span>
        <span>考生：{report.learnerName}</span>
        {report.finishedAt && <span>交卷：{dateTime.format(new Date(report.finishedAt))}</span>}
        <Link to={`/H5/report/${report.id}`}>手机版成绩单（可分享）</Link>
      </p>
      {!scores && <ScoringProgress report={report} />}
      {scores && (
        <>
          <ScoreBands scores={scores} />
          <SkillsProfile scores={scores} />
          <StrengthsAndWeaknesses scores={scores} />
          <section className={styles.card} aria-label="接下来练什么">
            <h2>接下来练什么</h2>
            <ul className={styles.notes}>
              {scores.practiceNext.map((suggestion) => (
                <li key={suggestion.type}>
                  <Link to={`/question-list/${suggestion.type}/1`}>
                    {itemTypes[suggestion.type].nameZh}（{suggestion.type}）
                  </Link>
                  ：{suggestion.reasonZh}
                </li>
              ))}
            </ul>
          </section>
          {studyPlan && (
            <section className={styles.card} aria-label="学习计划建议">
              <h2>学习计划建议</h2>
              {studyPlan}
            </section>
          )}
        </>
      )}
      <section className={styles.card} aria-label="各部分用时">
        <h2>各部分用时</h2>
        <ul className={styles.notes}>
          {report.timeByPart.map((part) => (
            <li key={part.partId}>
              {part.titleZh}：{minutesText(part.usedSeconds)}（限时 {minutesText(part.limitSeconds)}
              ）
            </li>
          ))}
        </ul>
      </section>
      <Comparison report={report} />
      <section className={styles.card} aria-label="逐题">
        <h2>逐题</h2>
        <Table<MockReportItem>
          rowKey="index"
          size="small"
          pagination={false}
          dataSource={report.items}
          columns={[
            { title: '#', key: 'n', render: (_, item) => item.index + 1 },
            {
              title: '题型',
              key: 'type',
              render: (_, item) => `${itemTypes[item.type].nameZh}（${item.type}）`,
            },
            {
              title: '结果',
              key: 'status',
              render: (_, item) => (
                <Tag color={OUTCOME[item.status].color}>{OUTCOME[item.status].text}</Tag>
              ),
            },
            {
              title: '得分',
              key: 'score',
              render: (_, item) =>
                item.score === null || item.max === null ? '—' : `${item.score} / ${item.max}`,
            },
            { title: '用时', key: 'time', render: (_, item) => minutesText(item.timeSpentSeconds) },
            {
              title: '',
              key: 'analysis',
              render: (_, item) => <Link to={analysisPath(report.id, item.index)}>解析</Link>,
            },
          ]}
        />
      </section>
    </div>
  );
}
