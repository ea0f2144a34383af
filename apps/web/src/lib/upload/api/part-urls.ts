import type { UploadPartUrls } from '@ninety/contract';
import { post } from '../../http';

/** Where to PUT the given parts (valid for a few minutes). */
export function fetchPartUrls(
  uploadId: string,
  partNumbers: number[],
  headers: Record<string, string>,
): Promise<UploadPartUrls> {
  return post<UploadPartUrls>(
    '/api/uploads/partUrls',
    { uploadId, partNumbers },
    { quiet: true, headers },
  );
}
