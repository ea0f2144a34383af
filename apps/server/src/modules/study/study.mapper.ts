import { STUDY_RECENT_DAYS, type StudyDay, type StudyStats } from '@ninety/contract';
import { addDays } from '../../lib/clock';

/** One day's figures once the reported and the scored counts are combined (study.service). */
export interface DayFigures {
  studySeconds: number;
  practices: number;
}

const minutesOf = (seconds: number) => Math.floor(seconds / 60);

/** The learner's figures as the study-data page shows them; `today` is `YYYY-MM-DD`. */
export function toStudyStats(days: Map<string, DayFigures>, today: string): StudyStats {
  let totalSeconds = 0;
  let totalPractices = 0;
  let studyDays = 0;
  for (const figures of days.values()) {
    totalSeconds += figures.studySeconds;
    totalPractices += figures.practices;
    if (figures.studySeconds > 0 || figures.practices > 0) studyDays += 1;
  }
  const recent: StudyDay[] = [];
  for (let back = STUDY_RECENT_DAYS - 1; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    const figures = days.get(date);
    recent.push({
      date,
      minutes: minutesOf(figures?.studySeconds ?? 0),
      practices: figures?.practices ?? 0,
    });
  }
  const current = days.get(today);
  return {
    date: today,
    todayMinutes: minutesOf(current?.studySeconds ?? 0),
    totalMinutes: minutesOf(totalSeconds),
    todayPractices: current?.practices ?? 0,
    totalPractices,
    studyDays,
    recent,
  };
}
