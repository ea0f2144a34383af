import { skillNamesZh, type LearningProfile, type Skill } from '@ninety/contract';
import { Button, InputNumber, Select } from 'antd';
import { useState, type FormEvent } from 'react';
import { useSaveLearningProfile } from '../api/save-profile';
import styles from './learning-centre.module.css';

const SKILLS: readonly Skill[] = ['speaking', 'writing', 'reading', 'listening'];

/** Zones our learners live in first (mainland, Australia, New Zealand…), then every other zone. */
const COMMON_ZONES = [
  ['Asia/Shanghai', '北京时间'],
  ['Australia/Sydney', '悉尼 / 堪培拉'],
  ['Australia/Melbourne', '墨尔本'],
  ['Australia/Brisbane', '布里斯班'],
  ['Australia/Adelaide', '阿德莱德'],
  ['Australia/Perth', '珀斯'],
  ['Pacific/Auckland', '奥克兰'],
  ['Asia/Hong_Kong', '香港'],
  ['Asia/Singapore', '新加坡'],
  ['Europe/London', '伦敦'],
  ['America/Vancouver', '温哥华'],
  ['America/Toronto', '多伦多'],
] as const;

function zoneOptions(current: string) {
  const common = COMMON_ZONES.map(([value, name]) => ({ value, label: `${name}（${value}）` }));
  const known = new Set<string>(COMMON_ZONES.map(([value]) => value));
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [current];
  const rest = [...new Set([current, ...all])]
    .filter((zone) => !known.has(zone))
    .map((zone) => ({ value: zone, label: zone }));
  return [...common, ...rest];
}

interface GoalFormProps {
  profile: LearningProfile;
  /** Just the time zone (学习中心's header) or the whole goal. */
  mode?: 'goal' | 'time-zone';
}

/** The learner's target scores, exam date, daily minutes and time zone, saved on the server. */
export function GoalForm({ profile, mode = 'goal' }: GoalFormProps) {
  const save = useSaveLearningProfile();
  const [overall, setOverall] = useState<number | null>(profile.targetOverall);
  const [targets, setTargets] = useState(profile.targets);
  const [examDate, setExamDate] = useState(profile.examDate ?? '');
  const [dailyMinutes, setDailyMinutes] = useState<number | null>(profile.dailyMinutes);

  if (mode === 'time-zone') {
    return (
      <label className={styles.zone}>
        <span>时区</span>
        <Select
          showSearch
          aria-label="时区"
          className={styles.zoneSelect}
          value={profile.timeZone}
          options={zoneOptions(profile.timeZone)}
          loading={save.isPending}
          onChange={(timeZone: string) => save.mutate({ timeZone })}
        />
      </label>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      targetOverall: overall,
      targets,
      examDate: examDate || null,
      ...(dailyMinutes ? { dailyMinutes } : {}),
    });
  };
  return (
    <form className={styles.goalForm} onSubmit={submit} aria-label="我的目标">
      <label className={styles.field}>
        <span>目标总分</span>
        <InputNumber
          min={10}
          max={90}
          value={overall}
          onChange={(value) => setOverall(value)}
          placeholder="如 65"
          aria-label="目标总分"
        />
      </label>
      {SKILLS.map((skill) => (
        <label key={skill} className={styles.field}>
          <span>{skillNamesZh[skill]}</span>
          <InputNumber
            min={10}
            max={90}
            value={targets[skill]}
            onChange={(value) => setTargets({ ...targets, [skill]: value })}
            placeholder="同总分"
            aria-label={`${skillNamesZh[skill]}目标`}
          />
        </label>
      ))}
      <label className={styles.field}>
        <span>考试日期</span>
        <input
          type="date"
          className={styles.dateInput}
          value={examDate}
          onChange={(event) => setExamDate(event.target.value)}
          aria-label="考试日期"
        />
      </label>
      <label className={styles.field}>
        <span>每天学习（分钟）</span>
        <InputNumber
          min={10}
          max={480}
          step={10}
          value={dailyMinutes}
          onChange={(value) => setDailyMinutes(value)}
          aria-label="每天学习分钟数"
        />
      </label>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存目标
      </Button>
    </form>
  );
}
