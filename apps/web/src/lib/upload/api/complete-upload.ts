import type { UploadSession } from '@ninety/contract';
import { post } from '../../http';

/** Joins the stored parts into the file; the answer carries its URL. */
export function completeUpload(
  uploadId: string,
  headers: Record<string, string>,
): Promise<UploadSession> {
  return post<UploadSession>('/api/uploads/complete', { uploadId }, { quiet: true, headers });
}
