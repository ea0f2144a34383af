/**
 * Mock exams, the learner's side (issue 13): choosing a paper, the check-in (headset and
 * microphone), the full-screen exam on the server's clock with autosave and resume, the records.
 */
export { MockChooser, type MockChooserProps } from './components/mock-chooser';
export { MockRecordList } from './components/mock-record-list';
export { ExamCheckIn, type ExamCheckInProps } from './components/exam-check-in';
export { ExamScreen, type ExamScreenProps } from './components/exam-screen';
export { useBlueprints } from './api/get-blueprints';
export { useStartMock } from './api/start-mock';
export { useRecords } from './api/get-records';
export { examPath } from './exam-path';
