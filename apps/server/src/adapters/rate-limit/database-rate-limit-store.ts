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

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so that the limits hold for the
 * fleet, not per server process: one upsert per limited request, a fixed window per key (as the
 * plugin's own in-memory store counts). A route with its own limit counts under its own prefix;
 * routes on the global limit share one count per address.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    // The plugin passes its merged options, with the route as `routeInfo` for a child.
    constructor(options: unknown = {}) {
      const route = (options as StoreOptions).routeInfo;
      this.prefix = route?.url ? `${String(route.method)} ${route.url}|` : 'global|';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      count(db, this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: unknown) {
      return new DatabaseRateLimitStore(options);
    }
  };
}

async function count(db: Db, key: string, windowMs: number): Promise<Counted> {
  // A window that has ended starts again at 1; otherwise the count goes up by one.
  const result = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into ${rateLimits} (key, window_start, window_end, hits)
    values (${key}, now(), now() + ${windowMs} * interval '1 millisecond', 1)
    on conflict (key) do update set
      hits = case when ${rateLimits.windowEnd} <= now() then 1 else ${rateLimits.hits} + 1 end,
      window_start = case when ${rateLimits.windowEnd} <= now()
        then now() else ${rateLimits.windowStart} end,
      window_end = case when ${rateLimits.windowEnd} <= now()
        then now() + ${windowMs} * interval '1 millisecond' else ${rateLimits.windowEnd} end
    returning hits, greatest(0, extract(epoch from (window_end - now())) * 1000)::int as ttl`);
  const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

/** Drops the counts of windows that have ended (a periodic job). */
export async function removeEndedRateLimitWindows(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowEnd, sql`now()`))
    .returning({ key: rateLimits.key });
  return removed.length;
}
