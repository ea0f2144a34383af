import { meterFraction, type Level } from '../lib/audio/level';
import styles from './level-meter.module.css';

/** A live input level (a bar in dB) and the last seconds of peaks, so learners see they are heard. */
export function LevelMeter({ level, waveform }: { level: Level; waveform?: readonly number[] }) {
  const percent = Math.round(meterFraction(level.rms) * 100);
  return (
    <div className={styles.meter}>
      <div
        className={styles.bar}
        role="meter"
        aria-label="输入音量"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          // Near full scale the voice may clip: amber warns before the scorer flags it.
          className={`${styles.fill} ${level.peak >= 0.99 ? styles.loud : ''}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {waveform && (
        <div className={styles.wave} aria-hidden="true">
          {waveform.map((peak, index) => (
            <span key={index} style={{ height: `${Math.max(2, Math.round(peak * 100))}%` }} />
          ))}
        </div>
      )}
    </div>
  );
}
