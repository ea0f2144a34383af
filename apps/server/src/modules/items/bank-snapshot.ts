import { SEARCH_COUNT_CAP } from '@ninety/contract';

/**
 * The bank as every learner sees it at one bank version, held in memory: the bank changes only on
 * import (bank_state.version), so filters, counts and search tiers are answered here instead of
 * by scanning 100,000 rows per request. What changes between imports (every learner's practice
 * count, one learner's own rows) is never held here: the service asks the database for it per
 * request, for the page's items only.
 */

export interface SnapshotItem {
  id: string;
  type: string;
  number: number;
  title: string;
  difficulty: number;
  topics: string[];
  updatedOn: string;
  isFull: boolean;
}

export interface SnapshotFilter {
  code?: string;
  updatedSince?: string;
  isFull?: boolean;
  week: string | null;
  highFrequency?: 'only' | 'exclude';
  everListed?: boolean;
  /** Snapshot indices matching the search, ascending; undefined when there is no search. */
  matches?: Int32Array;
}

/** A set of snapshot indices, ascending (the bank's (type, number, id) order). */
export type IndexList = Int32Array;

/**
 * Filter results and search matches cached per version, each bounded in indices (4 bytes each,
 * ~16 MB at most): keywords make the distinct filters unbounded.
 */
const FILTER_CACHE_INDICES = 4_000_000;
const MATCH_CACHE_INDICES = 4_000_000;
/**
 * Search response bodies cached per version, in bytes (a page of 30 hits is ~8 kB; each entry is
 * also charged for its key of at most a few hundred bytes and the map's overhead).
 */
const BODY_CACHE_BYTES = 8_000_000;
const BODY_ENTRY_OVERHEAD = 512;

/** A least-recently-used map bounded by a total weight. */
export class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;
  constructor(
    private readonly maxWeight: number,
    private readonly weightOf: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const weight = this.weightOf(value);
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.weight;
      this.entries.delete(key);
    }
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }
}

export class BankSnapshot {
  readonly items: readonly SnapshotItem[];
  private readonly indexOfId = new Map<string, number>();
  /** [first, end) of each type: the items are sorted by (type, number, id). */
  private readonly typeRanges = new Map<string, [number, number]>();
  private readonly byNumber = new Map<number, number[]>();
  /** Week → indices on that week's list. */
  private readonly weekMembers = new Map<string, Set<number>>();
  /** The earliest week each item was listed in (for "ever listed up to week W"). */
  private readonly firstWeek: (string | null)[];
  /** Every published week, newest first. */
  readonly weeks: readonly string[];

  private readonly filtered = new WeightedLru<IndexList>(
    FILTER_CACHE_INDICES,
    (list) => list.length + 16,
  );
  /** Search matches by tsquery text (see BankCache), per version like everything here. */
  readonly matches = new WeightedLru<IndexList>(MATCH_CACHE_INDICES, (list) => list.length + 16);
  /** Search response bodies (JSON) by query, made once per version (BankCache.searchBody). */
  readonly bodies = new WeightedLru<Buffer>(
    BODY_CACHE_BYTES,
    (body) => body.length + BODY_ENTRY_OVERHEAD,
  );
  /** Search snippets by item id, filled as pages are shown. */
  readonly snippets = new Map<string, string>();
  private readonly typeCounts = new Map<string, Map<string, TypeCounts>>();

  constructor(
    readonly version: number,
    items: SnapshotItem[],
    listings: readonly { week: string; itemId: string }[],
  ) {
    this.items = items;
    this.firstWeek = Array.from({ length: items.length }, () => null);
    items.forEach((item, index) => {
      this.indexOfId.set(item.id, index);
      const range = this.typeRanges.get(item.type);
      if (range) range[1] = index + 1;
      else this.typeRanges.set(item.type, [index, index + 1]);
      const sameNumber = this.byNumber.get(item.number);
      if (sameNumber) sameNumber.push(index);
      else this.byNumber.set(item.number, [index]);
    });
    for (const { week, itemId } of listings) {
      const index = this.indexOfId.get(itemId);
      if (index === undefined) continue;
      let members = this.weekMembers.get(week);
      if (!members) this.weekMembers.set(week, (members = new Set()));
      members.add(index);
      const first = this.firstWeek[index];
      if (first === null || first === undefined || week < first) this.firstWeek[index] = week;
    }
    this.weeks = [...this.weekMembers.keys()].sort().reverse();
  }

  get size(): number {
    return this.items.length;
  }

  indexOf(id: string): number | undefined {
    return this.indexOfId.get(id);
  }

  /** Published weeks up to `upTo`, newest first (as findListedWeeks). */
  weeksUpTo(upTo: string, limit: number): string[] {
    return this.weeks.filter((week) => week <= upTo).slice(0, limit);
  }

  isOnWeek(index: number, week: string | null): boolean {
    return week !== null && (this.weekMembers.get(week)?.has(index) ?? false);
  }

  /** Indices of items numbered `number`, ascending. */
  numbered(number: number): number[] {
    return this.byNumber.get(number) ?? [];
  }

  /** Ids → ascending indices (ids not in this version are dropped). */
  indicesOf(ids: Iterable<string>): IndexList {
    const found: number[] = [];
    for (const id of ids) {
      const index = this.indexOfId.get(id);
      if (index !== undefined) found.push(index);
    }
    return Int32Array.from(found).sort();
  }

  /** The items passing `filter`, in (type, number, id) order; cached per distinct filter. */
  select(filter: SnapshotFilter, matchKey: string | null): IndexList {
    const key = JSON.stringify([
      filter.code ?? null,
      filter.updatedSince ?? null,
      filter.isFull ?? null,
      filter.week,
      filter.highFrequency ?? null,
      filter.everListed ?? false,
      matchKey,
    ]);
    const cached = this.filtered.get(key);
    if (cached) return cached;
    const result = Int32Array.from(this.scan(filter));
    this.filtered.set(key, result);
    return result;
  }

  private scan(filter: SnapshotFilter): number[] {
    const [first, end]: [number, number] = filter.code
      ? (this.typeRanges.get(filter.code) ?? [0, 0])
      : [0, this.items.length];
    const weekMembers = filter.week === null ? undefined : this.weekMembers.get(filter.week);
    const passes = (index: number): boolean => {
      const item = this.items[index]!;
      if (filter.updatedSince !== undefined && item.updatedOn < filter.updatedSince) return false;
      if (filter.isFull !== undefined && item.isFull !== filter.isFull) return false;
      if (filter.highFrequency !== undefined) {
        const onWeek = weekMembers?.has(index) ?? false;
        if (onWeek !== (filter.highFrequency === 'only')) return false;
      }
      if (filter.everListed) {
        const listed = this.firstWeek[index];
        if (filter.week === null || listed === null || listed === undefined) return false;
        if (listed > filter.week) return false;
      }
      return true;
    };
    const result: number[] = [];
    if (filter.matches) {
      for (const index of filter.matches) {
        if (index >= first && index < end && passes(index)) result.push(index);
      }
    } else {
      for (let index = first; index < end; index += 1) if (passes(index)) result.push(index);
    }
    return result;
  }

  /**
   * A search's page in two tiers, each in (type, number, id) order: `strong` matches (number or
   * title) first, then the other matches; the count stops past SEARCH_COUNT_CAP. `any` holds every
   * match (strong ones included); both are already narrowed by the other filters.
   */
  searchPage(
    strong: IndexList,
    any: IndexList,
    page: { offset: number; limit: number },
  ): { indices: number[]; total: number; totalCapped: boolean } {
    const end = page.offset + page.limit;
    const strongSet = new Set(strong);
    const ordered: number[] = [];
    for (const index of strong) {
      if (ordered.length >= end) break;
      ordered.push(index);
    }
    if (ordered.length < end) {
      for (const index of any) {
        if (ordered.length >= end) break;
        if (!strongSet.has(index)) ordered.push(index);
      }
    }
    return {
      indices: ordered.slice(page.offset, end),
      total: Math.min(any.length, SEARCH_COUNT_CAP),
      totalCapped: any.length > SEARCH_COUNT_CAP,
    };
  }

  /** Per type: items, items on `week`'s list, items updated since `recentSince`. */
  countsByType(week: string | null, recentSince: string): Map<string, TypeCounts> {
    const key = `${week ?? ''}|${recentSince}`;
    const cached = this.typeCounts.get(key);
    if (cached) return cached;
    const counts = new Map<string, TypeCounts>();
    const weekMembers = week === null ? undefined : this.weekMembers.get(week);
    this.items.forEach((item, index) => {
      let entry = counts.get(item.type);
      if (!entry) counts.set(item.type, (entry = { total: 0, highFrequency: 0, recent: 0 }));
      entry.total += 1;
      if (weekMembers?.has(index)) entry.highFrequency += 1;
      if (item.updatedOn >= recentSince) entry.recent += 1;
    });
    // A handful of (week, day) pairs ever; cleared rather than grown without bound.
    if (this.typeCounts.size > 32) this.typeCounts.clear();
    this.typeCounts.set(key, counts);
    return counts;
  }
}

export interface TypeCounts {
  total: number;
  highFrequency: number;
  recent: number;
}
