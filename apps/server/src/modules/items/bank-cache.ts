import type { Db } from '../../db/client';
import { BankSnapshot, type IndexList } from './bank-snapshot';
import { FreshRead } from './fresh-read';
import { toSnippet } from './items.mapper';
import {
  findItemContents,
  findTextMatchIds,
  loadBankSnapshotRows,
  readBankVersion,
} from './items.repository';

/**
 * The bank snapshot of one database, reloaded when bank_state.version moves. The version is read
 * for every request (a one-row table), so an import by any process — the content command, another
 * server — is seen on the next request without a notification channel to keep alive. Concurrent
 * requests share that read (FreshRead): each gets a read that started after it asked.
 */
export class BankCache {
  private snapshot: BankSnapshot | null = null;
  private loading: Promise<BankSnapshot> | null = null;
  private readonly pendingMatches = new Map<string, Promise<IndexList>>();
  private readonly pendingBodies = new Map<string, Promise<Buffer>>();
  private readonly anonymousPages = new Map<
    string,
    { version: number; until: number; body: Promise<Buffer> }
  >();
  private readonly versionRead: FreshRead<number>;

  constructor(private readonly db: Db) {
    this.versionRead = new FreshRead(() => readBankVersion(db));
  }

  /**
   * The bank's version as a statement that started after this call read it: an import committed
   * before the call is always seen.
   */
  version(): Promise<number> {
    return this.versionRead.get();
  }

  /** The snapshot in memory, which may be behind the database (callers check the version). */
  cached(): BankSnapshot | null {
    return this.snapshot;
  }

  /** The snapshot of the database's current version. */
  async current(): Promise<BankSnapshot> {
    return this.atLeast(await this.version());
  }

  /** A snapshot of `version` or later, loaded once however many requests wait for it. */
  async atLeast(version: number): Promise<BankSnapshot> {
    let snapshot = this.snapshot;
    // A load that began before the version moved returns the older version: load again (twice
    // at most, unless imports keep landing, which the next request then catches up with).
    for (let attempt = 0; attempt < 3 && (!snapshot || snapshot.version < version); attempt += 1) {
      snapshot = await this.load();
    }
    return snapshot!;
  }

  private load(): Promise<BankSnapshot> {
    this.loading ??= loadBankSnapshotRows(this.db)
      .then(({ version, items, listings }) => {
        const snapshot = new BankSnapshot(version, items, listings);
        if (!this.snapshot || snapshot.version >= this.snapshot.version) this.snapshot = snapshot;
        return snapshot;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** The items whose texts (or titles) match a tsquery, as snapshot indices; cached per version. */
  async textMatches(
    snapshot: BankSnapshot,
    query: string,
    field: 'text' | 'title',
  ): Promise<IndexList> {
    const key = `${field}:${query}`;
    const cached = snapshot.matches.get(key);
    if (cached) return cached;
    const pendingKey = `${snapshot.version}:${key}`;
    let pending = this.pendingMatches.get(pendingKey);
    if (!pending) {
      pending = findTextMatchIds(this.db, query, field)
        .then((ids) => {
          const list = snapshot.indicesOf(ids);
          snapshot.matches.set(key, list);
          return list;
        })
        .finally(() => this.pendingMatches.delete(pendingKey));
      this.pendingMatches.set(pendingKey, pending);
    }
    return pending;
  }

  /**
   * A signed-out list page's response body: every visitor asking the same page sees the same
   * thing, so it is read and serialized at most once a second per bank version. The version is
   * still read for every call, so an import is seen on the next request; only practice counts may
   * be up to ANONYMOUS_PAGE_MS old. Concurrent askers share one read; a failed read is not kept.
   */
  async anonymousPage(key: string, nowMs: number, make: () => Promise<Buffer>): Promise<Buffer> {
    const version = await this.version();
    const kept = this.anonymousPages.get(key);
    if (kept && kept.version === version && kept.until > nowMs) return kept.body;
    if (this.anonymousPages.size >= ANONYMOUS_PAGES_KEPT) this.dropEndedPages(nowMs);
    const body = make();
    const entry = { version, until: nowMs + ANONYMOUS_PAGE_MS, body };
    this.anonymousPages.set(key, entry);
    body.catch(() => {
      if (this.anonymousPages.get(key) === entry) this.anonymousPages.delete(key);
    });
    return body;
  }

  /**
   * A search's response body at this snapshot's version: search results hold nothing that
   * changes between imports, so they are made once per version and query (bounded by bytes, in
   * the snapshot, so an import drops them all). Concurrent askers share one making.
   */
  async searchBody(
    snapshot: BankSnapshot,
    key: string,
    make: () => Promise<Buffer>,
  ): Promise<Buffer> {
    const cached = snapshot.bodies.get(key);
    if (cached) return cached;
    const pendingKey = `${snapshot.version}:${key}`;
    let pending = this.pendingBodies.get(pendingKey);
    if (!pending) {
      pending = make()
        .then((body) => {
          snapshot.bodies.set(key, body);
          return body;
        })
        .finally(() => this.pendingBodies.delete(pendingKey));
      this.pendingBodies.set(pendingKey, pending);
    }
    return pending;
  }

  private dropEndedPages(nowMs: number): void {
    for (const [key, entry] of this.anonymousPages) {
      if (entry.until <= nowMs) this.anonymousPages.delete(key);
    }
    // Still full of live pages (many different queries within a second): start afresh.
    if (this.anonymousPages.size >= ANONYMOUS_PAGES_KEPT) this.anonymousPages.clear();
  }

  /** Search snippets of these items, read from their content once per version. */
  async snippets(snapshot: BankSnapshot, ids: readonly string[]): Promise<Map<string, string>> {
    const missing = ids.filter((id) => !snapshot.snippets.has(id));
    for (const row of await findItemContents(this.db, missing)) {
      snapshot.snippets.set(row.id, toSnippet(row.content));
    }
    return snapshot.snippets;
  }
}

/** How long a signed-out list page is served from memory. */
export const ANONYMOUS_PAGE_MS = 1000;
/** Signed-out pages kept at once (each a page of summaries, a few kB; at most ~35 kB at 100 a page). */
const ANONYMOUS_PAGES_KEPT = 500;

const caches = new WeakMap<Db, BankCache>();

/** One cache per database handle: every module that lists items shares it. */
export function bankCacheOf(db: Db): BankCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new BankCache(db)));
  return cache;
}
