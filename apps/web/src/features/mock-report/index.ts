/**
 * Mock-exam reports (issue 13), public by the paper's id: the report with skill bands, the phone
 * transcript for sharing, and the per-item analysis.
 */
export { MockReportView } from './components/mock-report-view';
export { H5ReportView } from './components/h5-report-view';
export { MockAnalysisView } from './components/mock-analysis-view';
export { SkillBand } from './components/skill-band';
export { useReport } from './api/get-report';
export { useItemAnalysis } from './api/get-item-analysis';
export { isPaperId } from './lib/paper-id';
