import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { serverRoot } from '../paths';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DatabaseDriver;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball, to start other databases from. */
  snapshot?: () => Promise<Blob>;
  /** Plain SQL and notifications for the job queue, on the same database. */
  queue: QueueConnection;
}

/**
 * What the job queue needs of the database beyond Drizzle: text SQL with positional parameters
 * (pg-boss's own statements, several to a text when there are none) and LISTEN/NOTIFY, so that
 * waiting for a job or for work costs no polling.
 */
export interface QueueConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Calls `onPayload` for every notification on `channel` until the returned function is called. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface OpenDatabaseOptions {
  /** A PGlite data-directory tarball to start from (tests start every database from one template). */
  pgliteTemplate?: Blob;
  /** Called with every statement and its parameters (the bench uses it to EXPLAIN them). */
  onQuery?: (query: string, params: unknown[]) => void;
  /**
   * PostgreSQL: a connection not made, or a pooled one not free, within this many ms fails (and
   * answers 50300) instead of waiting for ever on a frozen server.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL: statements are cancelled past this (server side, and client side a little later). */
  statementTimeoutMs?: number;
}

/** The server's and worker's database timeouts from the configuration. */
export function databaseTimeouts(config: {
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
}): OpenDatabaseOptions {
  return {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}

/** The pg settings for the timeouts above; none when not asked for (scripts, bulk imports). */
function timeoutSettings({ connectTimeoutMs, statementTimeoutMs }: OpenDatabaseOptions) {
  return {
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    ...(statementTimeoutMs
      ? {
          statement_timeout: statementTimeoutMs,
          // A server that stops answering cannot cancel anything itself.
          query_timeout: statementTimeoutMs + (connectTimeoutMs ?? 5_000),
        }
      : {}),
  };
}

const MEMORY = 'memory';

/** The advisory lock the schema migration is run under on PostgreSQL ("ninety" in ASCII). */
const MIGRATION_LOCK = 0x6e696e657479;

function loggerOf({ onQuery }: OpenDatabaseOptions) {
  return onQuery ? { logger: { logQuery: onQuery } } : {};
}

/** Opens `pglite://<dir>`, `pglite://memory` or `postgres://…`. */
export async function openDatabase(
  url: string,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  if (url.startsWith('pglite://')) {
    const location = url.slice('pglite://'.length);
    let dataDir: string | undefined;
    if (location !== MEMORY) {
      dataDir = path.resolve(location);
      await mkdir(dataDir, { recursive: true });
    }
    // Two processes on one directory lose each other's writes: the second is refused here.
    const release = dataDir ? await lockDataDir(dataDir) : async () => undefined;
    try {
      return await openPglite(dataDir, options, release);
    } catch (error) {
      await release();
      throw error;
    }
  }
  return openPostgres(url, options);
}

async function openPglite(
  dataDir: string | undefined,
  options: OpenDatabaseOptions,
  release: () => Promise<void>,
): Promise<Database> {
  // Each driver is imported only when used: loading both cost the start-up ~50 ms.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const db = drizzlePglite(client, { schema, ...loggerOf(options) });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      await release();
    },
    snapshot: () => client.dumpDataDir('gzip'),
    queue: {
      async executeSql(text, values) {
        // PGlite takes parameters on one statement only; pg-boss's parameterless texts hold
        // several (its migrations), which `exec` runs.
        if (values?.length) return { rows: (await client.query(text, values)).rows as never };
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as never };
      },
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return async () => {
          if (!client.closed) await unsubscribe();
        };
      },
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all(
    [
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ],
  );
  const timeouts = timeoutSettings(options);
  const pool = new pgDriver.Pool({ connectionString: url, max: 10, ...timeouts });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, ...loggerOf(options) });
  // Fail at start-up, not on the first request, when the server is unreachable.
  await db.execute(sql`select 1`);
  const listeners = new Set<pg.Client>();
  return {
    db,
    driver: 'postgres',
    // The API servers of a fleet start together: one migrates while the others wait for it
    // (an advisory lock held on a connection of its own), then find nothing left to do.
    migrate: async () => {
      const lock = new pgDriver.Client({
        connectionString: url,
        connectionTimeoutMillis: timeouts.connectionTimeoutMillis,
      });
      lock.on('error', () => undefined);
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await lock.end().catch(() => undefined);
      }
    },
    close: async () => {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
    queue: {
      async executeSql(text, values) {
        return { rows: (await pool.query(text, values)).rows as Record<string, unknown>[] };
      },
      // A connection of its own: a pooled one would be handed to other queries between
      // notifications. If it drops, notifications stop and waiters fall back to polling.
      async listen(channel, onPayload) {
        const client = new pgDriver.Client({
          connectionString: url,
          connectionTimeoutMillis: timeouts.connectionTimeoutMillis,
        });
        client.on('error', () => undefined);
        client.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        await client.connect();
        listeners.add(client);
        await client.query(`listen ${pgDriver.escapeIdentifier(channel)}`);
        return async () => {
          listeners.delete(client);
          await client.end().catch(() => undefined);
        };
      },
    },
  };
}
