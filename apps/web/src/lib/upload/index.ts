/**
 * Learners' uploads straight to the object store in slices (spec §3, §4 "Upload task", §8, §9):
 * `UploadTask` for a page that shows progress and offers pause / resume / cancel, `uploadFile`
 * for the plain promise form.
 */
export { UploadTask, uploadFile } from './upload-task';
export type { UploadFileOptions, UploadResult, UploadSnapshot } from './upload-task';
export { uploadStatusText, isRunning, canMove } from './task-state';
export type { UploadTaskStatus } from './task-state';
