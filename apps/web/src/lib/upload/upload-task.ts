import {
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_RETRIES,
  UPLOAD_PROGRESS_INTERVAL_MS,
  type UploadPurpose,
  type UploadSession,
} from '@ninety/contract';
import { HttpError, UPLOAD_ERROR_PREFIX } from '../http';
import { toast } from '../toast';
import { abortUpload } from './api/abort-upload';
import { completeUpload } from './api/complete-upload';
import { createUpload } from './api/create-upload';
import { fetchPartUrls } from './api/part-urls';
import { fetchUploadStatus } from './api/upload-status';
import { uploadGrant, withGrant } from './grant';
import { ProgressThrottle } from './progress';
import { PartUploadError, putPart } from './put-part';
import { partRange, runPool, withRetries } from './slices';
import { nextStatus, type UploadTaskEvent, type UploadTaskStatus } from './task-state';
import { createUploadIdCache, type UploadIdCache } from './upload-id-cache';

export interface UploadFileOptions {
  purpose: UploadPurpose;
  /** The object key; by default the server builds it from the file's last-modified time and name. */
  key?: string;
  /** No "上传错误：" toast (spec §8); the caller shows the error itself. */
  quiet?: boolean;
  /** Called on every change of state and, at most once a second, of progress. */
  onChange?: (snapshot: UploadSnapshot) => void;
  /** Tests give their own cache. */
  cache?: UploadIdCache;
}

export interface UploadResult {
  key: string;
  url: string;
}

export interface UploadSnapshot {
  status: UploadTaskStatus;
  /** Bytes stored so far (as last reported). */
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
  /** The reason of an `error`. */
  error: string | null;
  result: UploadResult | null;
  /** Some parts were already stored by an earlier attempt (after a pause or a reload). */
  resumed: boolean;
}

const CANCELED_TEXT = '上传已取消';

const messageOf = (error: unknown) =>
  error instanceof HttpError && error.msg
    ? error.msg
    : error instanceof Error && !(error instanceof HttpError) && error.message
      ? error.message
      : '上传失败，请重试';

/**
 * One file sent to the object store in slices (spec §4 "Upload task"): waiting → checking (grant,
 * resume look-up, session) → uploading (3 slices at a time, each retried twice) → success or
 * error; pause, restart and cancel at any time. Parts already stored survive a pause, an error
 * and a reload: a restart asks the server which parts it has and sends only the others.
 */
export class UploadTask {
  private status: UploadTaskStatus = 'waiting';
  private loaded = 0;
  private error: string | null = null;
  private result: UploadResult | null = null;
  private resumed = false;
  private session: UploadSession | null = null;
  private controller: AbortController | null = null;
  /** Each run has a number; a run that was paused or canceled must not touch the task after. */
  private run = 0;
  private readonly cache: UploadIdCache;
  private readonly throttle: ProgressThrottle;
  private readonly waiters: { resolve: (r: UploadResult) => void; reject: (e: Error) => void }[] =
    [];

  constructor(
    readonly file: File,
    private readonly options: UploadFileOptions,
  ) {
    this.cache = options.cache ?? createUploadIdCache();
    this.throttle = new ProgressThrottle(UPLOAD_PROGRESS_INTERVAL_MS, (loaded) => {
      this.loaded = loaded;
      this.notify();
    });
  }

  get snapshot(): UploadSnapshot {
    const total = this.file.size;
    return {
      status: this.status,
      loaded: this.loaded,
      total,
      percent: total === 0 ? 0 : Math.min(100, Math.floor((this.loaded / total) * 100)),
      error: this.error,
      result: this.result,
      resumed: this.resumed,
    };
  }

  /** Settles when the task next ends: the result on success, the message on error or cancel. */
  settled(): Promise<UploadResult> {
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Starts a waiting task. */
  start(): void {
    if (!this.move('start')) return;
    this.run += 1;
    void this.execute(this.run);
  }

  pause(): void {
    if (!this.move('pause')) return;
    this.controller?.abort();
    this.throttle.flush();
  }

  /** A paused or failed task goes back to waiting and starts again. */
  restart(): void {
    if (!this.move('restart')) return;
    this.error = null;
    this.start();
  }

  /** Stops the task for good and drops its stored parts. */
  cancel(): void {
    if (!this.move('cancel')) return;
    this.controller?.abort();
    this.throttle.stop();
    const session = this.session;
    this.cache.forget(this.fingerprint());
    if (session)
      void withGrant((headers) => abortUpload(session.uploadId, headers)).catch(() => {});
    this.settle(new Error(CANCELED_TEXT));
  }

  private move(event: UploadTaskEvent): boolean {
    const next = nextStatus(this.status, event);
    if (next === null) return false;
    const changed = next !== this.status;
    this.status = next;
    if (changed) this.notify();
    return true;
  }

  private notify(): void {
    this.options.onChange?.(this.snapshot);
  }

  private settle(outcome: UploadResult | Error): void {
    const waiters = this.waiters.splice(0);
    for (const waiter of waiters) {
      if (outcome instanceof Error) waiter.reject(outcome);
      else waiter.resolve(outcome);
    }
  }

  private fingerprint(prefix = ''): string {
    const { file, options } = this;
    return [
      prefix,
      options.purpose,
      options.key ?? '',
      file.name,
      file.size,
      file.type,
      file.lastModified,
    ].join('|');
  }

  /** Bytes stored so far: the first report makes checking become uploading (spec §4). */
  private report(loaded: number): void {
    // Bytes of a run that was paused or canceled meanwhile are not news.
    if (this.status !== 'checking' && this.status !== 'uploading') return;
    if (this.status === 'checking') {
      this.loaded = loaded;
      this.move('progress');
    }
    this.throttle.update(loaded);
  }

  private async execute(run: number): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    const live = () => run === this.run && !controller.signal.aborted;
    try {
      const grant = await uploadGrant();
      const fingerprint = this.fingerprint(grant.keyPrefix);
      let session = await this.resumable(fingerprint);
      if (!live()) return;
      session ??= await withGrant((headers) =>
        createUpload(
          {
            purpose: this.options.purpose,
            fileName: this.file.name || 'file',
            size: this.file.size,
            contentType: this.file.type || 'application/octet-stream',
            lastModified: this.file.lastModified,
            ...(this.options.key !== undefined ? { key: this.options.key } : {}),
          },
          headers,
        ),
      );
      if (!live()) return;
      this.session = session;
      this.cache.remember(fingerprint, session.uploadId);

      if (session.status !== 'completed') {
        await this.sendParts(session, controller.signal);
        if (!live()) return;
        session = await withGrant((headers) => completeUpload(session!.uploadId, headers));
        if (!live()) return;
      }
      this.cache.forget(fingerprint);
      this.report(this.file.size);
      this.throttle.flush();
      this.result = { key: session.key, url: session.url ?? '' };
      this.move('succeed');
      this.settle(this.result);
    } catch (error) {
      if (!live()) return;
      this.throttle.flush();
      const message = messageOf(error);
      this.error = message;
      controller.abort();
      this.move('fail');
      // As lib/http: an ended session reloads the page and an unknown path is quiet, no toast.
      const silent =
        error instanceof HttpError &&
        (error.kind === 'session-ended' || error.kind === 'not-found');
      if (!this.options.quiet && !silent) toast.error(UPLOAD_ERROR_PREFIX + message);
      this.settle(new Error(message));
    }
  }

  /** The unfinished upload of this file from before (a pause or a reload), if the server has it. */
  private async resumable(fingerprint: string): Promise<UploadSession | null> {
    const uploadId = this.session?.uploadId ?? this.cache.get(fingerprint);
    if (!uploadId) return null;
    try {
      const session = await withGrant((headers) => fetchUploadStatus(uploadId, headers));
      if (session.status !== 'aborted') return session;
    } catch (error) {
      // Gone or not ours any more: start afresh; anything else is a real failure.
      if (!(error instanceof HttpError && error.kind === 'code' && error.status === 404))
        throw error;
    }
    this.cache.forget(fingerprint);
    return null;
  }

  private async sendParts(session: UploadSession, signal: AbortSignal): Promise<void> {
    const stored = new Map(session.uploadedParts.map((part) => [part.partNumber, part.size]));
    let storedBytes = [...stored.values()].reduce((sum, size) => sum + size, 0);
    const inFlight = new Map<number, number>();
    const bytesNow = () => storedBytes + [...inFlight.values()].reduce((sum, n) => sum + n, 0);
    if (storedBytes > 0) {
      this.resumed = true;
      this.report(storedBytes);
    }

    const missing: number[] = [];
    for (let n = 1; n <= session.partCount; n += 1) if (!stored.has(n)) missing.push(n);

    // One part failing for good stops the others at once; a pause or cancel stops them all.
    const parts = new AbortController();
    const stopParts = () => parts.abort();
    signal.addEventListener('abort', stopParts, { once: true });
    try {
      await this.sendMissing(
        session,
        missing,
        parts,
        () => bytesNow(),
        inFlight,
        (size) => {
          storedBytes += size;
        },
      );
    } finally {
      signal.removeEventListener('abort', stopParts);
    }
  }

  private async sendMissing(
    session: UploadSession,
    missing: number[],
    parts: AbortController,
    bytesNow: () => number,
    inFlight: Map<number, number>,
    onStored: (size: number) => void,
  ): Promise<void> {
    const { signal } = parts;
    await runPool(missing, UPLOAD_PARALLEL_PARTS, async (partNumber) => {
      const [start, end] = partRange(partNumber, session.partSize, this.file.size);
      const slice = this.file.slice(start, end);
      try {
        await withRetries(
          async () => {
            inFlight.set(partNumber, 0);
            // A fresh URL each attempt: the last one may have expired.
            const { parts } = await withGrant((headers) =>
              fetchPartUrls(session.uploadId, [partNumber], headers),
            );
            const url = parts[0]?.url;
            if (!url) throw new Error('没有拿到分片上传地址');
            await putPart(url, slice, {
              signal,
              onProgress: (loaded) => {
                inFlight.set(partNumber, Math.min(loaded, slice.size));
                this.report(bytesNow());
              },
            });
          },
          UPLOAD_PART_RETRIES,
          (error) =>
            !signal.aborted &&
            (error instanceof PartUploadError ? error.retryable : !(error instanceof HttpError)),
        );
      } catch (error) {
        inFlight.delete(partNumber);
        parts.abort();
        throw error;
      }
      inFlight.delete(partNumber);
      onStored(slice.size);
      this.report(bytesNow());
    });
  }
}

/**
 * The custom-upload helper (spec §5, §8): sends `file` and resolves with its key and URL; on an
 * error toasts "上传错误：…" unless `quiet` and rejects with the message.
 */
export function uploadFile(file: File, options: UploadFileOptions): Promise<UploadResult> {
  const task = new UploadTask(file, options);
  const settled = task.settled();
  task.start();
  return settled;
}
