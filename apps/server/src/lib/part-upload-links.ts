/**
 * Signed URLs for one part of a multipart upload to the local disk storage: what a presigned
 * UploadPart URL is on S3. The HMAC covers key, upload, part number and expiry, so a URL handed
 * out for one part of one upload cannot write anything else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';

export interface PartUploadTarget {
  key: string;
  uploadId: string;
  partNumber: number;
}

export interface PartUploadLinks {
  /** The query string (no `?`) of a part URL valid for `seconds`. */
  sign(target: PartUploadTarget, seconds: number): string;
  /** The target a query signed by `sign` names, or null when it is not one or has expired. */
  verify(query: Record<string, unknown>): PartUploadTarget | null;
}

export function partUploadLinks(secret: string, clock: Clock): PartUploadLinks {
  // A key of its own, so a part URL can never stand in for another HMAC of AUTH_SECRET.
  const key = createHmac('sha256', secret).update('ninety local upload parts v1').digest();
  const mac = (target: PartUploadTarget, expires: number) =>
    createHmac('sha256', key)
      .update(`${target.key}\n${target.uploadId}\n${target.partNumber}\n${expires}`)
      .digest('base64url');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    sign(target, seconds) {
      const expires = nowSeconds() + Math.max(1, Math.ceil(seconds));
      return new URLSearchParams({
        key: target.key,
        uploadId: target.uploadId,
        partNumber: String(target.partNumber),
        expires: String(expires),
        signature: mac(target, expires),
      }).toString();
    },
    verify(query) {
      const { key: objectKey, uploadId, partNumber, expires, signature } = query;
      if (
        typeof objectKey !== 'string' ||
        typeof uploadId !== 'string' ||
        typeof partNumber !== 'string' ||
        typeof expires !== 'string' ||
        typeof signature !== 'string'
      )
        return null;
      if (!/^\d{1,12}$/.test(expires) || !/^\d{1,5}$/.test(partNumber)) return null;
      if (Number(expires) <= nowSeconds()) return null;
      const target = { key: objectKey, uploadId, partNumber: Number(partNumber) };
      const expected = Buffer.from(mac(target, Number(expires)));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? target : null;
    },
  };
}
