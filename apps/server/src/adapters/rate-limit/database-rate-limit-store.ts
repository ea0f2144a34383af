import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** What @fastify/rate-limit hands a store's `incr` callback. */
interface Counted {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, counted?: Counted) => void;

/** The options @fastify/rate-limit builds a store (and each route's child store) with. */
interface StoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface PreCountOptions {
  /** How often this process adds its local hits to the shared counts, in one statement. */
  flushMs?: number;
  /**
   * The top part of each limit (a fraction of it) counted in the database on every request, so
   * that refusals near the limit are exact.
   */
  reserveFraction?: number;
  /** Keys this process remembers; quiet ones beyond it are forgotten (and counted afresh). */
  maxKeys?: number;
}

/** One key as this process knows it: the shared count when last read, and hits not yet added. */
interface Known {
  shared: number;
  /** Local time the window ends (from the database's ttl). */
  windowEnd: number;
  windowMs: number;
  syncedAt: number;
  pending: number;
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so that the limits hold for the
 * fleet, not per server process: a fixed window per key (as the plugin's own in-memory store
 * counts). A route with its own limit counts under its own prefix; routes on the global limit
 * share one count per address.
 *
 * An upsert per request was the cost of every API call on PostgreSQL (issue 14), so each process
 * pre-counts: a key read from the database within the last `flushMs` is counted here, and this
 * process's hits are added to the shared counts in one statement every `flushMs`. A key not read
 * lately, a window that has ended, or a count within the top `reserveFraction` of its limit goes
 * to the database at once. So one process alone is exact, and a fleet is exact unless one key
 * gets more than the reserve (10 % of its limit) on other servers within one flush interval (1 s);
 * then at most those hits more get through. A process that stops loses at most its last
 * interval's hits.
 */
export function databaseRateLimitStore(db: Db, options: PreCountOptions = {}) {
  const counter = new PreCounter(db, options);
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    // The plugin passes its merged options, with the route as `routeInfo` for a child.
    constructor(storeOptions: unknown = {}) {
      const route = (storeOptions as StoreOptions).routeInfo;
      this.prefix = route?.url ? `${String(route.method)} ${route.url}|` : 'global|';
    }

    incr(key: string, callback: Callback, timeWindow: number, max?: number): void {
      counter.incr(this.prefix + key, timeWindow, max).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(storeOptions: unknown) {
      return new DatabaseRateLimitStore(storeOptions);
    }

    /** Adds this process's local hits to the shared counts now (tests; otherwise a timer). */
    static flush(): Promise<void> {
      return counter.flush();
    }
  };
}

class PreCounter {
  private readonly known = new Map<string, Known>();
  private readonly flushMs: number;
  private readonly reserveFraction: number;
  private readonly maxKeys: number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    options: PreCountOptions,
  ) {
    this.flushMs = options.flushMs ?? 1000;
    this.reserveFraction = options.reserveFraction ?? 0.1;
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  async incr(key: string, windowMs: number, max: number | undefined): Promise<Counted> {
    const now = Date.now();
    const entry = this.known.get(key);
    // Without a limit to keep a reserve under, every hit is counted in the database.
    const ceiling = max === undefined ? 0 : max - Math.ceil(max * this.reserveFraction);
    if (
      entry &&
      entry.windowMs === windowMs &&
      now < entry.windowEnd &&
      now - entry.syncedAt < this.flushMs &&
      entry.shared + entry.pending + 1 <= ceiling
    ) {
      entry.pending += 1;
      this.schedule();
      return { current: entry.shared + entry.pending, ttl: entry.windowEnd - now };
    }
    const pending = entry && entry.windowMs === windowMs ? entry.pending : 0;
    if (entry) entry.pending -= pending;
    let rows: Row[];
    try {
      rows = await add(this.db, [{ key, hits: pending + 1, windowMs }]);
    } catch (error) {
      if (entry) entry.pending += pending;
      throw error;
    }
    const row = rows[0];
    const counted = { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) };
    this.learn(key, windowMs, counted, Date.now());
    // Hits counted here while the statement ran are still to be added.
    const after = this.known.get(key);
    return { current: counted.current + (after?.pending ?? 0), ttl: counted.ttl };
  }

  /** Adds every key's local hits to the shared counts, in one statement. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    const batch: { key: string; hits: number; windowMs: number }[] = [];
    for (const [key, entry] of this.known) {
      if (entry.pending > 0) {
        batch.push({ key, hits: entry.pending, windowMs: entry.windowMs });
        entry.pending = 0;
      }
    }
    if (batch.length === 0) return;
    this.flushing = add(this.db, batch).then(
      (rows) => {
        const now = Date.now();
        const windows = new Map(batch.map((one) => [one.key, one]));
        for (const row of rows) {
          const sent = windows.get(row.key);
          if (sent) this.learn(row.key, sent.windowMs, { current: row.hits, ttl: row.ttl }, now);
        }
      },
      () => {
        // The database is away for now: the hits stay pending for the next flush.
        for (const sent of batch) {
          const entry = this.known.get(sent.key);
          if (entry) entry.pending += sent.hits;
        }
        this.schedule();
      },
    );
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private learn(key: string, windowMs: number, counted: Counted, now: number): void {
    const windowEnd = now + counted.ttl;
    const entry = this.known.get(key);
    if (!entry) {
      this.forgetQuietKeys(now);
      this.known.set(key, {
        shared: counted.current,
        windowEnd,
        windowMs,
        syncedAt: now,
        pending: 0,
      });
      return;
    }
    // Answers may arrive out of order: within one window the count only grows.
    const sameWindow = entry.windowMs === windowMs && Math.abs(entry.windowEnd - windowEnd) < 1000;
    entry.shared = sameWindow ? Math.max(entry.shared, counted.current) : counted.current;
    entry.windowEnd = windowEnd;
    entry.windowMs = windowMs;
    entry.syncedAt = now;
  }

  private forgetQuietKeys(now: number): void {
    if (this.known.size < this.maxKeys) return;
    for (const [key, entry] of this.known) {
      if (entry.pending === 0 && now - entry.syncedAt >= this.flushMs) this.known.delete(key);
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    // Hits of the last interval are the stated tolerance: they must not keep a process alive.
    this.timer.unref();
  }
}

type Row = {
  key: string;
  hits: number;
  ttl: number;
};

/**
 * Adds hits to keys' counts. A window that has ended starts again at the hits added; otherwise
 * the count goes up by them.
 */
async function add(
  db: Db,
  batch: { key: string; hits: number; windowMs: number }[],
): Promise<Row[]> {
  const values = sql.join(
    batch.map(
      ({ key, hits, windowMs }) =>
        sql`(${key}, now(), now() + ${windowMs} * interval '1 millisecond', ${hits}::int)`,
    ),
    sql`, `,
  );
  const result = await db.execute<Row>(sql`
    insert into ${rateLimits} (key, window_start, window_end, hits)
    values ${values}
    on conflict (key) do update set
      hits = case when ${rateLimits.windowEnd} <= now()
        then excluded.hits else ${rateLimits.hits} + excluded.hits end,
      window_start = case when ${rateLimits.windowEnd} <= now()
        then now() else ${rateLimits.windowStart} end,
      window_end = case when ${rateLimits.windowEnd} <= now()
        then excluded.window_end else ${rateLimits.windowEnd} end
    returning key, hits, greatest(0, extract(epoch from (window_end - now())) * 1000)::int as ttl`);
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    key: row.key,
    hits: Number(row.hits),
    ttl: Number(row.ttl),
  }));
}

/** Drops the counts of windows that have ended (a periodic job). */
export async function removeEndedRateLimitWindows(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowEnd, sql`now()`))
    .returning({ key: rateLimits.key });
  return removed.length;
}
