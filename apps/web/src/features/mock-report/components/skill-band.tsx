import type { SkillScore } from '@ninety/contract';
import { bandGeometry, rangeText } from '../lib/band';
import styles from './report.module.css';

/** One skill: its name, the estimate, and its range drawn as a band on the 10–90 scale. */
export function SkillBand({
  name,
  skill,
  large,
}: {
  name: string;
  skill: SkillScore;
  large?: boolean;
}) {
  const geometry = bandGeometry(skill);
  const label =
    skill.score === null
      ? `${name}：未评分`
      : `${name}：${skill.score}，可能区间 ${rangeText(skill)}`;
  return (
    <div className={large ? `${styles.skill} ${styles.skillLarge}` : styles.skill}>
      <div className={styles.skillHead}>
        <span className={styles.skillName}>{name}</span>
        <strong className={styles.skillScore}>{skill.score ?? '—'}</strong>
        <span className={styles.skillRange}>区间 {rangeText(skill)}</span>
      </div>
      <div className={styles.scale} role="img" aria-label={label}>
        {geometry && (
          <>
            <span
              className={styles.band}
              data-testid="skill-band"
              style={{ left: `${geometry.left}%`, width: `${geometry.width}%` }}
            />
            <span className={styles.marker} style={{ left: `${geometry.marker}%` }} />
          </>
        )}
      </div>
      <div className={styles.ticks} aria-hidden="true">
        <span>10</span>
        <span>30</span>
        <span>50</span>
        <span>70</span>
        <span>90</span>
      </div>
      {skill.itemsUnscored > 0 && (
        <p className={styles.hint}>{skill.itemsUnscored} 道题未能评分，未计入并加宽了区间</p>
      )}
    </div>
  );
}
