import type { UploadSession } from '@ninety/contract';
import { get } from '../../http';

/** An upload's state and the parts the store already holds (resume). */
export function fetchUploadStatus(
  uploadId: string,
  headers: Record<string, string>,
): Promise<UploadSession> {
  return get<UploadSession>('/api/uploads/status', { uploadId }, { quiet: true, headers });
}
