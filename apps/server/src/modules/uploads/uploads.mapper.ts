import type { UploadPurpose, UploadSession } from '@ninety/contract';
import type { UploadedPart } from '../../adapters/storage/object-storage';
import type { UploadSessionRow } from './uploads.repository';

/** A session as the browser sees it: never the store's own upload id or the fingerprint. */
export function toUploadSession(
  row: UploadSessionRow,
  parts: UploadedPart[],
  url: string | null,
): UploadSession {
  return {
    uploadId: row.id,
    key: row.objectKey,
    purpose: row.purpose as UploadPurpose,
    status: row.status as UploadSession['status'],
    size: row.size,
    contentType: row.contentType,
    partSize: row.partSize,
    partCount: row.partCount,
    uploadedParts: parts
      .filter((part) => part.partNumber >= 1 && part.partNumber <= row.partCount)
      .sort((a, b) => a.partNumber - b.partNumber)
      .map(({ partNumber, size, etag }) => ({ partNumber, size, etag })),
    url,
  };
}
