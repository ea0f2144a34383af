/**
 * 学习中心 (issue 19): figures in the learner's time zone, charts (ECharts, loaded by the charts
 * themselves), the mistake book, goal and plan, and the quota dialog. The quota dialog host is
 * imported by the app from its own module (components/quota-dialog-host) to keep the entry light.
 */
export { OverviewPanel } from './components/overview-panel';
export { TypesPanel } from './components/types-panel';
export { SkillsPanel } from './components/skills-panel';
export { MistakeBook } from './components/mistake-book';
export { GoalForm } from './components/goal-form';
export { PlanCard } from './components/plan-card';
export { formatMinutes, typeName } from './components/format';
export { useLearningOverview, fetchLearningOverview } from './api/get-overview';
export { useLearningSkills } from './api/get-skills';
export { useLearningProfile } from './api/get-profile';
export { useStudyPlan } from './api/get-plan';
export { useQuotaInfo } from './api/get-quota';
export { useMistakes } from './api/get-mistakes';
export { useSaveLearningProfile } from './api/save-profile';
