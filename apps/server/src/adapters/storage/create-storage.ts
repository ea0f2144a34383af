import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { systemClock, type Clock } from '../../lib/clock';
import { LocalDiskStorage } from './local-disk-storage';
import { MEDIA_PATH } from './media-keys';
import type { ObjectStorage } from './object-storage';

function required(value: string | undefined): string {
  // config.ts has already refused STORAGE_PROVIDER=s3 without these.
  if (!value) throw new Error('missing required storage configuration');
  return value;
}

/**
 * The configured object storage (STORAGE_PROVIDER): the local disk by default, or an
 * S3-compatible store. Used by the server (services.ts) and the bank import (import-cli.ts), so
 * bank media land in whichever store the server reads.
 */
export async function createStorage(
  config: Config,
  clock: Clock = systemClock,
): Promise<ObjectStorage> {
  if (config.STORAGE_PROVIDER === 's3') {
    // Loaded only when configured: the AWS SDK is a large import.
    const { S3Storage } = await import('./s3-storage');
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      presignEndpoint: config.S3_PRESIGN_ENDPOINT,
      region: required(config.S3_REGION),
      bucket: required(config.S3_BUCKET),
      accessKeyId: required(config.S3_ACCESS_KEY_ID),
      secretAccessKey: required(config.S3_SECRET_ACCESS_KEY),
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicBaseUrl: required(config.S3_PUBLIC_BASE_URL),
    });
  }
  const root = path.resolve(config.STORAGE_DIR);
  await mkdir(root, { recursive: true });
  return new LocalDiskStorage(root, MEDIA_PATH, { secret: config.AUTH_SECRET, clock });
}

/**
 * The origins browsers load stored objects from and PUT parts to, besides our own: for S3 the
 * public material host and the store's presigned URLs (the page's Content-Security-Policy must
 * allow them for images, audio and uploads).
 */
export function storageOrigins(config: Config): string[] {
  if (config.STORAGE_PROVIDER !== 's3') return [];
  const origins = new Set<string>();
  if (config.S3_PUBLIC_BASE_URL) origins.add(new URL(config.S3_PUBLIC_BASE_URL).origin);
  const endpoint = config.S3_PRESIGN_ENDPOINT ?? config.S3_ENDPOINT;
  if (endpoint) {
    const url = new URL(endpoint);
    // Virtual-hosted style puts the bucket in the host name.
    if (!config.S3_FORCE_PATH_STYLE && config.S3_BUCKET)
      url.host = `${config.S3_BUCKET}.${url.host}`;
    origins.add(url.origin);
  } else if (config.S3_BUCKET && config.S3_REGION) {
    origins.add(`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`);
  }
  return [...origins];
}
