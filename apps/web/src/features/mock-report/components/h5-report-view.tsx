import type { MockReport } from '@ninety/contract';
import {
  dateTime,
  minutesText,
  ScoreBands,
  ScoringProgress,
  SkillsProfile,
  StrengthsAndWeaknesses,
} from './report-parts';
import styles from './report.module.css';

/**
 * The report as a phone-width transcript for sharing (WeChat): no sign-in, no audio, no answers;
 * the scores with their ranges, the profile and the notes.
 */
export function H5ReportView({ report }: { report: MockReport }) {
  const scores = report.scores;
  return (
    <div className={`${styles.report} ${styles.h5}`}>
      <p className={styles.label}>
        <span>{report.blueprint.nameZh}</span>
        <span>{report.learnerName}</span>
        {report.finishedAt && <span>{dateTime.format(new Date(report.finishedAt))}</span>}
      </p>
      {scores ? (
        <>
          <ScoreBands scores={scores} />
          <SkillsProfile scores={scores} />
          <StrengthsAndWeaknesses scores={scores} />
        </>
      ) : (
        <ScoringProgress report={report} />
      )}
      <section className={styles.card} aria-label="各部分用时">
        <h2>各部分用时</h2>
        <ul className={styles.notes}>
          {report.timeByPart.map((part) => (
            <li key={part.partId}>
              {part.titleZh}：{minutesText(part.usedSeconds)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
