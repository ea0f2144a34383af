/**
 * One read shared by concurrent callers, never older than the call: every caller gets the result
 * of a read that started after it asked. A caller arriving while a read is in flight cannot use
 * it (that read may have started before something the caller must see, e.g. an import that
 * committed just before the caller's request), so it waits for the next read, which starts as
 * soon as the one in flight ends and is shared by everyone who arrived meanwhile. At most one
 * read is in flight and one waiting, so under load the reads cost one round trip at a time
 * instead of one per request, for at most one round trip more of waiting.
 */
export class FreshRead<T> {
  private inFlight: Promise<T> | null = null;
  private waiting: {
    promise: Promise<T>;
    resolve: (value: T) => void;
    reject: (error: unknown) => void;
  } | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  /** A result read by a statement that started after this call. */
  get(): Promise<T> {
    if (!this.inFlight) return this.start();
    if (!this.waiting) {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      this.waiting = { promise, resolve, reject };
    }
    return this.waiting.promise;
  }

  private start(): Promise<T> {
    let read: Promise<T>;
    try {
      read = this.read();
    } catch (error) {
      read = Promise.reject(error);
    }
    this.inFlight = read;
    const settled = () => {
      this.inFlight = null;
      const waiting = this.waiting;
      if (!waiting) return;
      this.waiting = null;
      this.start().then(waiting.resolve, waiting.reject);
    };
    read.then(settled, settled);
    return read;
  }
}
