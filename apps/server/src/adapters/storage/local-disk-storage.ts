import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { systemClock, type Clock } from '../../lib/clock';
import { partUploadLinks, type PartUploadLinks } from '../../lib/part-upload-links';
import { recordingLinks, type RecordingLinks } from '../../lib/recording-links';
import { LOCAL_PART_PATH } from './media-keys';
import {
  assertObjectKey,
  MULTIPART_MAX_PARTS,
  MULTIPART_MIN_PART_BYTES,
  MultipartUploadError,
  sameEtag,
  type MultipartStorage,
  type ObjectStorage,
  type UploadedPart,
} from './object-storage';

export interface LocalDiskSigning {
  /** AUTH_SECRET: keys the private links (as recording-links.ts) and the part URLs. */
  secret: string;
  clock: Clock;
}

/** Unfinished multipart uploads live here: a dot folder, which no key and no file route reaches. */
const MULTIPART_DIR = '.multipart';
const UPLOAD_ID = /^[a-f0-9]{32}$/;
const PART_FILE = /^(\d{1,5})\.([a-f0-9]{32})\.part$/;

interface UploadRecord {
  key: string;
  contentType: string;
}

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

/**
 * The default object storage: files under a directory, served by the app itself under the public
 * material path (see plugins/media.ts). Good for one machine; production with several uses the
 * S3-compatible adapter (s3-storage.ts).
 *
 * Multipart uploads imitate S3: parts are PUT to our own signed endpoint (plugins/local-uploads)
 * and kept under `<root>/.multipart/<uploadId>/`, one file per part named by its number and MD5;
 * `complete` checks the list like S3 does and joins the parts into the object in one rename.
 */
export class LocalDiskStorage implements ObjectStorage {
  private readonly links: RecordingLinks;
  private readonly partLinks: PartUploadLinks;
  readonly multipart: MultipartStorage;

  /**
   * `signing` must be the app's AUTH_SECRET and clock wherever links are handed out; without it
   * (the bank import, tests of other things) a random key signs links only this instance accepts.
   */
  constructor(
    readonly root: string,
    private readonly publicPath: string,
    signing: LocalDiskSigning = { secret: randomBytes(32).toString('hex'), clock: systemClock },
  ) {
    this.links = recordingLinks(signing.secret, signing.clock);
    this.partLinks = partUploadLinks(signing.secret, signing.clock);
    this.multipart = {
      create: (key, contentType) => this.createUpload(key, contentType),
      partUrl: async (key, uploadId, partNumber, expiresSeconds) => {
        assertObjectKey(key);
        assertPartNumber(partNumber);
        return `${LOCAL_PART_PATH}?${this.partLinks.sign({ key, uploadId, partNumber }, expiresSeconds)}`;
      },
      listParts: (key, uploadId) => this.listParts(key, uploadId),
      complete: (key, uploadId, parts) => this.complete(key, uploadId, parts),
      abort: (key, uploadId) => this.abort(key, uploadId),
    };
  }

  private fileOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** Write then rename, so a reader never sees half a file. */
  private async writeAtomically(file: string, data: Uint8Array): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await writeFile(partial, data);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  // The type is not kept: the file route answers by extension (contentTypeOf's table).
  async putIfChanged(key: string, data: Uint8Array, _contentType?: string): Promise<boolean> {
    const file = this.fileOf(key);
    try {
      const existing = await readFile(file);
      if (Buffer.compare(existing, data) === 0) return false;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await this.writeAtomically(file, data);
    return true;
  }

  async put(key: string, data: Uint8Array, _contentType?: string): Promise<void> {
    await this.writeAtomically(this.fileOf(key), data);
  }

  async get(key: string, maxBytes?: number): Promise<Uint8Array | null> {
    try {
      if (maxBytes === undefined) return await readFile(this.fileOf(key));
      const handle = await open(this.fileOf(key), 'r');
      try {
        const buffer = Buffer.alloc(Math.max(0, maxBytes));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<number> {
    if (!prefix.endsWith('/')) throw new Error(`prefix "${prefix}" must end with /`);
    const folder = this.fileOf(prefix.slice(0, -1));
    let count = 0;
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      count = entries.filter((entry) => entry.isFile()).length;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return 0;
      throw error;
    }
    await rm(folder, { recursive: true, force: true });
    return count;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(key))).isFile();
    } catch {
      return false;
    }
  }

  publicUrl(key: string): string {
    assertObjectKey(key);
    return `${this.publicPath}/${key}`;
  }

  async privateUrl(key: string, expiresSeconds: number): Promise<string> {
    return this.links.signFor(this.publicUrl(key), expiresSeconds);
  }

  /** The part query a part URL carries, checked (plugins/local-uploads); null when not valid. */
  verifyPartQuery(query: Record<string, unknown>) {
    return this.partLinks.verify(query);
  }

  // Multipart, imitated.

  private uploadDir(uploadId: string): string {
    return path.join(this.root, MULTIPART_DIR, uploadId);
  }

  /** The upload's record, when `uploadId` is an upload of `key` that is still open. */
  private async openUpload(key: string, uploadId: string): Promise<UploadRecord> {
    assertObjectKey(key);
    if (UPLOAD_ID.test(uploadId)) {
      try {
        const record = JSON.parse(
          await readFile(path.join(this.uploadDir(uploadId), 'upload.json'), 'utf8'),
        ) as UploadRecord;
        if (record.key === key) return record;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw new MultipartUploadError('NoSuchUpload');
  }

  private async createUpload(key: string, contentType: string): Promise<{ uploadId: string }> {
    assertObjectKey(key);
    const uploadId = randomBytes(16).toString('hex');
    const record: UploadRecord = { key, contentType };
    await this.writeAtomically(
      path.join(this.uploadDir(uploadId), 'upload.json'),
      Buffer.from(JSON.stringify(record)),
    );
    return { uploadId };
  }

  /**
   * Stores one part (our part endpoint calls it after checking the URL's signature); a re-sent
   * part replaces the earlier one. Answers the ETag S3 would: the quoted MD5 of the bytes.
   */
  async putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    data: Uint8Array,
  ): Promise<{ etag: string }> {
    assertPartNumber(partNumber);
    await this.openUpload(key, uploadId);
    const hash = md5(data);
    const dir = this.uploadDir(uploadId);
    const file = path.join(dir, `${partNumber}.${hash}.part`);
    await this.writeAtomically(file, data);
    // Older copies of this part go, as on S3 the last write wins. Only older ones: two re-sends
    // of one part racing must not remove each other's file (listParts keeps the newest).
    const written = (await stat(file)).mtimeMs;
    for (const name of await readdir(dir)) {
      const match = PART_FILE.exec(name);
      if (!match || Number(match[1]) !== partNumber || match[2] === hash) continue;
      const other = path.join(dir, name);
      const info = await stat(other).catch(() => null);
      if (info && info.mtimeMs < written) await rm(other, { force: true });
    }
    return { etag: `"${hash}"` };
  }

  private async partFiles(uploadId: string): Promise<Map<number, UploadedPart & { file: string }>> {
    const dir = this.uploadDir(uploadId);
    const parts = new Map<number, UploadedPart & { file: string; mtime: number }>();
    for (const name of await readdir(dir)) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      let info;
      try {
        info = await stat(file);
      } catch {
        continue; // replaced while we looked
      }
      const partNumber = Number(match[1]);
      const known = parts.get(partNumber);
      if (known && known.mtime > info.mtimeMs) continue;
      parts.set(partNumber, {
        partNumber,
        etag: `"${match[2]}"`,
        size: info.size,
        file,
        mtime: info.mtimeMs,
      });
    }
    return parts;
  }

  private async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    await this.openUpload(key, uploadId);
    return [...(await this.partFiles(uploadId)).values()]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map(({ partNumber, etag, size }) => ({ partNumber, etag, size }));
  }

  private async complete(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    await this.openUpload(key, uploadId);
    const stored = await this.partFiles(uploadId);
    const chosen = checkCompleteList(parts, (partNumber, etag) => {
      const part = stored.get(partNumber);
      return part && sameEtag(part.etag, etag) ? part : null;
    });

    const target = this.fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    try {
      const out = createWriteStream(partial);
      await pipeline(async function* () {
        for (const part of chosen) yield* createReadStream(part.file);
      }, out);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  private async abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.openUpload(key, uploadId);
    } catch (error) {
      if (error instanceof MultipartUploadError) return;
      throw error;
    }
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }
}

function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MULTIPART_MAX_PARTS) {
    throw new MultipartUploadError('InvalidPartOrder');
  }
}

/**
 * The checks S3 makes on CompleteMultipartUpload's list, in S3's order: every part named must be
 * stored with that ETag, no number twice, and every part but the last at least 5 MiB. Returns the
 * stored parts in part-number order.
 */
function checkCompleteList<T extends { size: number }>(
  parts: { partNumber: number; etag: string }[],
  find: (partNumber: number, etag: string) => T | null,
): T[] {
  if (parts.length === 0) throw new MultipartUploadError('InvalidPart');
  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  const chosen: T[] = [];
  for (const [index, part] of sorted.entries()) {
    if (index > 0 && sorted[index - 1]!.partNumber === part.partNumber) {
      throw new MultipartUploadError('InvalidPartOrder');
    }
    const found = find(part.partNumber, part.etag);
    if (!found) throw new MultipartUploadError('InvalidPart');
    chosen.push(found);
  }
  if (chosen.slice(0, -1).some((part) => part.size < MULTIPART_MIN_PART_BYTES)) {
    throw new MultipartUploadError('EntityTooSmall');
  }
  return chosen;
}
