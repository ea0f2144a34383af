import type { CreateUploadBody, UploadSession } from '@ninety/contract';
import { post } from '../../http';

/** Starts an upload, or gives back the unfinished one of the same file with its stored parts. */
export function createUpload(
  body: CreateUploadBody,
  headers: Record<string, string>,
): Promise<UploadSession> {
  return post<UploadSession>('/api/uploads/create', body, { quiet: true, headers });
}
