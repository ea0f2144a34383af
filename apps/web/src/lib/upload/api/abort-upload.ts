import type { UploadSession } from '@ninety/contract';
import { post } from '../../http';

/** Drops an unfinished upload and its stored parts. */
export function abortUpload(
  uploadId: string,
  headers: Record<string, string>,
): Promise<UploadSession> {
  return post<UploadSession>('/api/uploads/abort', { uploadId }, { quiet: true, headers });
}
