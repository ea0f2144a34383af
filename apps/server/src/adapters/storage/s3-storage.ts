import { createHash } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ErrorCode } from '@ninety/contract';
import { AppError } from '../../lib/app-error';
import { isPrivateKey } from './media-keys';
import {
  assertObjectKey,
  MULTIPART_MAX_PARTS,
  MultipartUploadError,
  STORAGE_UNAVAILABLE_MESSAGE,
  type MultipartFailure,
  type MultipartStorage,
  type ObjectStorage,
  type UploadedPart,
} from './object-storage';

export interface S3StorageOptions {
  /** e.g. `https://cos.ap-nanjing.myqcloud.com`; unset for AWS S3 (the region picks it). */
  endpoint?: string | undefined;
  /**
   * The endpoint presigned URLs name, when browsers reach the store at another address than the
   * servers do (a private network name inside the fleet). Default: `endpoint`.
   */
  presignEndpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** The public material host: `publicUrl(key)` is this + `/` + key. */
  publicBaseUrl: string;
  /** Defaults below; tests shorten them. */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
  maxAttempts?: number;
}

/** A store that does not answer the TCP handshake within this is treated as down (50300). */
const CONNECTION_TIMEOUT_MS = 3_000;
/** No request of ours moves more than a few MB; one taking longer than this is stuck. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Deletions run this many at a time (see removePrefix). */
const DELETE_CONCURRENCY = 8;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);
const BUSY_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'NetworkingError',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
]);
const MULTIPART_FAILURES = new Set<string>([
  'NoSuchUpload',
  'InvalidPart',
  'InvalidPartOrder',
  'EntityTooSmall',
]);

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as SdkError | null)?.$metadata?.httpStatusCode;
}

/** Whether the store could not be reached or could not serve: a 50300, not our bug. */
function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as SdkError;
  if ((code && NETWORK_CODES.has(code)) || (name && BUSY_NAMES.has(name))) return true;
  const status = statusOf(error);
  if (status !== undefined) return status >= 500;
  // Errors without a response: sockets that failed below the SDK.
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isUnavailable(cause);
}

function isNotFound(error: unknown): boolean {
  const name = (error as SdkError | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/**
 * Object storage on any S3-compatible store: Tencent COS, Alibaba OSS, AWS S3, MinIO (s3rver in
 * tests). Public objects are read from the public material host (`publicBaseUrl`, usually a CDN
 * or the bucket's public domain); private ones (isPrivateKey) only through short presigned GETs.
 * A store that cannot be reached answers 50300 and leaves nothing behind: a PUT either stores the
 * whole object or nothing, and a multipart upload becomes an object only on complete.
 */
export class S3Storage implements ObjectStorage {
  readonly client: S3Client;
  private readonly presigner: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string;
  readonly multipart: MultipartStorage;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBase = options.publicBaseUrl.replace(/\/+$/, '');
    this.client = new S3Client(s3ClientConfig(options, options.endpoint));
    // Presigning is local (no request), so a second client costs nothing.
    this.presigner =
      options.presignEndpoint && options.presignEndpoint !== options.endpoint
        ? new S3Client(s3ClientConfig(options, options.presignEndpoint))
        : this.client;
    this.multipart = {
      create: (key, contentType) => this.createUpload(key, contentType),
      partUrl: (key, uploadId, partNumber, expiresSeconds) =>
        this.partUrl(key, uploadId, partNumber, expiresSeconds),
      listParts: (key, uploadId) => this.listParts(key, uploadId),
      complete: (key, uploadId, parts) => this.complete(key, uploadId, parts),
      abort: (key, uploadId) => this.abort(key, uploadId),
    };
  }

  /** Runs one store call; an unreachable or failing store becomes 50300. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const name = (error as SdkError | null)?.name;
      if (name && MULTIPART_FAILURES.has(name)) {
        throw new MultipartUploadError(name as MultipartFailure, { cause: error });
      }
      if (isUnavailable(error)) {
        throw new AppError(ErrorCode.Unavailable, STORAGE_UNAVAILABLE_MESSAGE, undefined, {
          cause: error,
        });
      }
      throw error;
    }
  }

  private cacheControlOf(key: string): string {
    // Bank media keep their key when regenerated: a day, then revalidated (as plugins/media).
    return isPrivateKey(key) ? 'private, no-store' : 'public, max-age=86400';
  }

  async putIfChanged(key: string, data: Uint8Array, contentType: string): Promise<boolean> {
    assertObjectKey(key);
    // A single PUT's ETag is the MD5 of its bytes on S3, COS, OSS and MinIO (no SSE-KMS here).
    const digest = createHash('md5').update(data).digest('hex');
    const head = await this.call(async () => {
      try {
        return await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
    if (head?.ETag?.replaceAll('"', '') === digest && head.ContentLength === data.byteLength) {
      return false;
    }
    await this.put(key, data, contentType);
    return true;
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    assertObjectKey(key);
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.byteLength,
          CacheControl: this.cacheControlOf(key),
        }),
      ),
    );
  }

  async get(key: string, maxBytes?: number): Promise<Uint8Array | null> {
    assertObjectKey(key);
    if (maxBytes !== undefined && maxBytes <= 0) {
      return (await this.exists(key)) ? new Uint8Array() : null;
    }
    return this.call(async () => {
      try {
        const answer = await this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            ...(maxBytes === undefined ? {} : { Range: `bytes=0-${maxBytes - 1}` }),
          }),
        );
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    return this.call(async () => {
      try {
        await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    });
  }

  async remove(key: string): Promise<void> {
    assertObjectKey(key);
    await this.call(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  /**
   * Lists the prefix and deletes object by object. DeleteObjects would be one request per 1000,
   * but it requires a body checksum, which several S3-compatible stores check differently
   * (Content-MD5 vs the SDK's CRC32); single deletes work everywhere. A failure part-way leaves
   * the rest for the next call, which removes them.
   */
  async removePrefix(prefix: string): Promise<number> {
    if (!prefix.endsWith('/')) throw new Error(`prefix "${prefix}" must end with /`);
    assertObjectKey(prefix.slice(0, -1));
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        ),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      for (let start = 0; start < keys.length; start += DELETE_CONCURRENCY) {
        await Promise.all(
          keys
            .slice(start, start + DELETE_CONCURRENCY)
            .map((key) =>
              this.call(() =>
                this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
              ),
            ),
        );
      }
      removed += keys.length;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }

  publicUrl(key: string): string {
    assertObjectKey(key);
    return `${this.publicBase}/${key}`;
  }

  async privateUrl(key: string, expiresSeconds: number): Promise<string> {
    assertObjectKey(key);
    return getSignedUrl(this.presigner, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: Math.max(1, Math.ceil(expiresSeconds)),
    });
  }

  private async createUpload(key: string, contentType: string): Promise<{ uploadId: string }> {
    assertObjectKey(key);
    const answer = await this.call(() =>
      this.client.send(
        new CreateMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          ContentType: contentType,
          CacheControl: this.cacheControlOf(key),
        }),
      ),
    );
    if (!answer.UploadId) throw new Error('the store answered CreateMultipartUpload without an id');
    return { uploadId: answer.UploadId };
  }

  private async partUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresSeconds: number,
  ): Promise<string> {
    assertObjectKey(key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MULTIPART_MAX_PARTS) {
      throw new MultipartUploadError('InvalidPartOrder');
    }
    return getSignedUrl(
      this.presigner,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
      }),
      { expiresIn: Math.max(1, Math.ceil(expiresSeconds)) },
    );
  }

  private async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    assertObjectKey(key);
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumberMarker: marker,
          }),
        ),
      );
      for (const part of page.Parts ?? []) {
        if (part.PartNumber === undefined || !part.ETag) continue;
        parts.push({ partNumber: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
      }
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  private async complete(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    assertObjectKey(key);
    if (parts.length === 0) throw new MultipartUploadError('InvalidPart');
    // S3 wants the list in ascending order; ours may come in any.
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    if (
      sorted.some((part, index) => index > 0 && sorted[index - 1]!.partNumber === part.partNumber)
    )
      throw new MultipartUploadError('InvalidPartOrder');
    await this.call(() =>
      this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: sorted.map((part) => ({
              PartNumber: part.partNumber,
              ETag: `"${part.etag.replaceAll('"', '')}"`,
            })),
          },
        }),
      ),
    );
  }

  private async abort(key: string, uploadId: string): Promise<void> {
    assertObjectKey(key);
    try {
      await this.call(() =>
        this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
        ),
      );
    } catch (error) {
      if (error instanceof MultipartUploadError && error.failure === 'NoSuchUpload') return;
      throw error;
    }
  }

  /** Closes the clients' sockets. */
  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}

/**
 * The client settings every S3-compatible store needs. Exported for the unit test of the
 * presigned URLs.
 */
export function s3ClientConfig(
  options: S3StorageOptions,
  endpoint: string | undefined,
): S3ClientConfig {
  return {
    region: options.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // SDK ≥ 3.729 adds CRC32 checksums to every request it can, presigned PUTs included; COS,
    // OSS, MinIO and other S3-compatible stores then refuse real uploads (the signed checksum is
    // the empty body's). Only when an operation requires one (next-features.md §8).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
      requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      // Without it a timed-out request is only logged and goes on waiting.
      throwOnRequestTimeout: true,
    },
  };
}
