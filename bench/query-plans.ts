/**
 * EXPLAINs the statements the bank calls really send: each scenario goes through the items
 * service (so the SQL is the server's own), every statement is captured with its parameters and
 * explained on the same database, and the plan's scans are summarised.
 */
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import {
  FuzzyQuerySchema,
  ItemListQuerySchema,
  type FuzzyQuery,
  type ItemListQuery,
} from '@ninety/contract';
import { LocalDiskStorage } from '../apps/server/src/adapters/storage/local-disk-storage';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { systemClock } from '../apps/server/src/lib/clock';
import { bankCacheOf } from '../apps/server/src/modules/items/bank-cache';
import {
  bankHierarchy,
  listBankItems,
  searchBank,
  type ItemsDeps,
} from '../apps/server/src/modules/items/items.service';
import { queryRows } from './generate-items';

/** A user id with no rows: personal filters still join their tables. */
const BENCH_USER = 1;

type Scenario =
  | {
      label: string;
      kind: 'list';
      query: Partial<Record<keyof ItemListQuery, unknown>>;
      userId?: number;
    }
  | { label: string; kind: 'fuzzy'; query: Partial<Record<keyof FuzzyQuery, unknown>> }
  | { label: string; kind: 'hierarchy' };

export const PLAN_SCENARIOS: Scenario[] = [
  { label: 'list RA, page 1', kind: 'list', query: { code: 'RA' } },
  { label: 'list RA, page 200', kind: 'list', query: { code: 'RA', page: 200 } },
  {
    label: 'list WFD, 本周高频, 练习次数降序',
    kind: 'list',
    query: { code: 'WFD', type: 4, hotSort: 1 },
  },
  {
    label: 'list SST, 非高频, 练习次数升序',
    kind: 'list',
    query: { code: 'SST', type: 5, hotSort: 2 },
  },
  {
    label: 'list RO, 近七天更新, 完整',
    kind: 'list',
    query: { code: 'RO', updTopic: 1, isFull: 1 },
  },
  {
    label: 'list DI, 未练 + 收藏 (signed in)',
    kind: 'list',
    query: { code: 'DI', practiceStatus: 2, color: -1 },
    userId: BENCH_USER,
  },
  { label: 'list WFD, keyword', kind: 'list', query: { code: 'WFD', keyword: 'students' } },
  { label: 'getfuzzy "library"', kind: 'fuzzy', query: { content: 'library' } },
  {
    label: 'getfuzzy "coral reef", isReal',
    kind: 'fuzzy',
    query: { content: 'coral reef', isReal: 1 },
  },
  {
    label: 'getfuzzy "climate", termId WFD',
    kind: 'fuzzy',
    query: { content: 'climate', termId: 'WFD' },
  },
  { label: 'getfuzzy "12" (an item number)', kind: 'fuzzy', query: { content: '12' } },
  { label: 'getfuzzy "students", page 5', kind: 'fuzzy', query: { content: 'students', page: 5 } },
  { label: 'hierarchy (signed in)', kind: 'hierarchy' },
];

export interface StatementPlan {
  scans: string[];
  seqScanOfItems: boolean;
}

export interface ScenarioPlan {
  label: string;
  statements: StatementPlan[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, into: string[] = []): string[] {
  if (node['Relation Name'] || node['Index Name']) {
    const target = node['Index Name'] ?? node['Relation Name'];
    into.push(`${node['Node Type']} ${target}`);
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

/** The captured `$n` statement again as drizzle SQL, so both drivers can EXPLAIN it. */
function withParams(query: string, params: unknown[]): SQL {
  const parts = query.split(/\$(\d+)/);
  // sql.param keeps an array (the page's ids) one parameter: a bare array would become a list.
  const chunks = parts.map((part, index) =>
    index % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`,
  );
  return sql.join(chunks);
}

async function explain(
  db: Db,
  query: string,
  params: unknown[],
  settings: readonly string[],
): Promise<StatementPlan> {
  // Explained in a transaction with the `set local` the statement ran under, as the server ran it.
  const rows = await db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(setting));
    return queryRows<{ 'QUERY PLAN': unknown }>(
      tx as unknown as Db,
      sql`explain (format json) ${withParams(query, params)}`,
    );
  });
  const raw = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const scans = scansOf(parsed[0]!.Plan);
  return { scans, seqScanOfItems: scans.includes('Seq Scan items') };
}

async function runScenario(deps: ItemsDeps, scenario: Scenario): Promise<void> {
  if (scenario.kind === 'list') {
    await listBankItems(deps, ItemListQuerySchema.parse(scenario.query), scenario.userId ?? null);
  } else if (scenario.kind === 'fuzzy') {
    await searchBank(deps, FuzzyQuerySchema.parse(scenario.query));
  } else {
    await bankHierarchy(deps, BENCH_USER);
  }
}

export async function itemQueryPlans(databaseUrl: string): Promise<ScenarioPlan[]> {
  const captured: { query: string; params: unknown[] }[] = [];
  const database = await openDatabase(databaseUrl, {
    onQuery: (query, params) => captured.push({ query, params }),
  });
  try {
    const deps: ItemsDeps = {
      db: database.db,
      clock: systemClock,
      // Not touched by these calls; the items service needs one.
      storage: new LocalDiskStorage(path.join(os.tmpdir(), 'ninety-bench-unused'), '/files'),
      timeZone: 'Asia/Shanghai',
      bank: bankCacheOf(database.db),
    };
    // The snapshot (every item, once per bank version) is loaded before the calls are captured:
    // the plans are those of the statements each request sends.
    await deps.bank.current();
    const plans: ScenarioPlan[] = [];
    for (const scenario of PLAN_SCENARIOS) {
      captured.length = 0;
      await runScenario(deps, scenario);
      const statements = [...captured];
      captured.length = 0;
      const explained: StatementPlan[] = [];
      let settings: string[] = [];
      for (const { query, params } of statements) {
        const head = query.trimStart().toLowerCase();
        if (head.startsWith('set local')) settings.push(query);
        else if (head === 'commit' || head === 'rollback') settings = [];
        else if (head.startsWith('select') || head.startsWith('(select')) {
          explained.push(await explain(database.db, query, params, settings));
        }
      }
      plans.push({ label: scenario.label, statements: explained });
    }
    return plans;
  } finally {
    await database.close();
  }
}
