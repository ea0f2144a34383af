import type { ItemList } from '@ninety/contract';
import type { Db } from '../../db/client';
import { BankSnapshot, type IndexList } from './bank-snapshot';
import { toSnippet } from './items.mapper';
import {
  findItemContents,
  findTextMatchIds,
  loadBankSnapshotRows,
  readBankVersion,
} from './items.repository';

/**
 * The bank snapshot of one database, reloaded when bank_state.version moves. The version is read
 * on every request (a one-row table; the list reads it in the statement it needs anyway), so an
 * import by any process — the content command, another server — is seen on the next request
 * without a notification channel to keep alive.
 */
export class BankCache {
  private snapshot: BankSnapshot | null = null;
  private loading: Promise<BankSnapshot> | null = null;
  private readonly pendingMatches = new Map<string, Promise<IndexList>>();
  private readonly anonymousPages = new Map<
    string,
    { version: number; until: number; page: Promise<ItemList> }
  >();

  constructor(private readonly db: Db) {}

  /** The snapshot in memory, which may be behind the database (callers check the version). */
  cached(): BankSnapshot | null {
    return this.snapshot;
  }

  /** The snapshot of the database's current version. */
  async current(): Promise<BankSnapshot> {
    return this.atLeast(await readBankVersion(this.db));
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
   * A signed-out list page: every visitor asking the same page sees the same thing, so it is read
   * at most once a second per bank version. The version is still read on every call (one small
   * statement), so an import is seen on the next request; only practice counts may be up to
   * ANONYMOUS_PAGE_MS old. Concurrent askers share one read; a failed read is not kept.
   */
  async anonymousPage(
    key: string,
    nowMs: number,
    read: () => Promise<ItemList>,
  ): Promise<ItemList> {
    const version = await readBankVersion(this.db);
    const kept = this.anonymousPages.get(key);
    if (kept && kept.version === version && kept.until > nowMs) return kept.page;
    if (this.anonymousPages.size >= ANONYMOUS_PAGES_KEPT) this.dropEndedPages(nowMs);
    const page = read();
    const entry = { version, until: nowMs + ANONYMOUS_PAGE_MS, page };
    this.anonymousPages.set(key, entry);
    page.catch(() => {
      if (this.anonymousPages.get(key) === entry) this.anonymousPages.delete(key);
    });
    return page;
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
/** Signed-out pages kept at once (each a page of summaries, a few kB). */
const ANONYMOUS_PAGES_KEPT = 500;

const caches = new WeakMap<Db, BankCache>();

/** One cache per database handle: every module that lists items shares it. */
export function bankCacheOf(db: Db): BankCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new BankCache(db)));
  return cache;
}
