/**
 * PUTs one slice's raw bytes to the URL the server handed out (a presigned store URL, or the
 * local store's endpoint) and gives back its ETag. XMLHttpRequest rather than fetch: only it
 * reports upload progress.
 */

export class PartUploadError extends Error {
  override readonly name = 'PartUploadError';
  constructor(
    message: string,
    /** 0 for a network failure. */
    readonly status: number,
  ) {
    super(message);
  }

  /** A network failure, a 5xx, or a URL that expired or was refused (a fresh URL may pass). */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 403;
  }
}

export class PartAbortedError extends Error {
  override readonly name = 'AbortError';
}

/** The learner-facing text of a refused part: our JSON `msg`, S3's XML `<Message>`, or the status. */
function messageOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { msg?: unknown };
    if (typeof parsed.msg === 'string' && parsed.msg) return parsed.msg;
  } catch {
    // Not JSON: S3 answers XML.
  }
  const xml = /<Message>([^<]{1,200})<\/Message>/.exec(body);
  if (status === 403) return '上传链接无效或已过期';
  if (xml?.[1]) return `存储服务拒绝了分片：${xml[1]}`;
  return `分片上传失败（HTTP ${status}）`;
}

export function putPart(
  url: string,
  body: Blob,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (loaded: number) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new PartAbortedError('上传已中止'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(xhr.getResponseHeader('etag') ?? '');
      } else {
        reject(new PartUploadError(messageOf(xhr.status, xhr.responseText), xhr.status));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new PartUploadError('网络请求失败', 0));
    };
    xhr.onabort = () => {
      settle();
      reject(new PartAbortedError('上传已中止'));
    };
    xhr.send(body);
  });
}
