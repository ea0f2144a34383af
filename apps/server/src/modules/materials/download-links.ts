/**
 * Short links to a buyer's copy of a material's file: the order that bought it, an expiry and an
 * HMAC of (order, material, file, expiry) with a key of their own (derived from AUTH_SECRET, so no
 * other signed link of the app can stand in for one). A link needs no session — a plain
 * `<a download>` works — but names its purchase, whose buyer the file is stamped with, and the
 * download route checks the grant again. It carries no user id (those never leave the server).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';

/** How long a link works: long enough to start the download, short enough that a shared one dies. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

export interface DownloadTarget {
  orderNo: string;
  materialId: number;
  fileId: string;
}

export interface DownloadLinks {
  sign(target: DownloadTarget): { expires: number; signature: string };
  verify(target: DownloadTarget, expires: unknown, signature: unknown): boolean;
}

export function downloadLinks(secret: string, clock: Clock): DownloadLinks {
  const key = createHmac('sha256', secret).update('ninety material downloads v1').digest();
  const mac = (t: DownloadTarget, expires: number) =>
    createHmac('sha256', key)
      .update(`${t.orderNo}\n${t.materialId}\n${t.fileId}\n${expires}`)
      .digest('base64url');
  return {
    sign(target) {
      const expires = Math.floor(clock.now().getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
      return { expires, signature: mac(target, expires) };
    },
    verify(target, expires, signature) {
      if (typeof expires !== 'string' || typeof signature !== 'string') return false;
      if (!/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      if (at * 1000 <= clock.now().getTime()) return false;
      const expected = Buffer.from(mac(target, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
