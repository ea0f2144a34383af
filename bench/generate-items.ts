/**
 * Grows an imported bank to a target size for benchmarks, by cloning the real items (same texts,
 * so search hits grow as they would with a real bank) under new ids and numbers, with an
 * updated-date spread, a skewed practice count (most items rarely practised, a few very often)
 * and one clone in ten of each listed item on the same weekly lists.
 *
 *   node --import tsx bench/generate-items.ts <DATABASE_URL> [count]   (default 100000)
 *
 * Run it on a bench database only: the clones look like orphaned items to `content:import`.
 */
import { pathToFileURL } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';

/** Clone ids are `<source id>-g<copy>`; the source items are the ones without that suffix. */
const CLONE_MARK = '-g';
const COPIES_PER_STATEMENT = 20;

/** Rows of a raw statement: both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as { rows: T[] };
  return result.rows;
}

async function countOf(db: Db, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, statement);
  return row?.total ?? 0;
}

const countItems = (db: Db) => countOf(db, sql`select count(*)::int as total from items`);

export interface GenerateOutcome {
  before: number;
  after: number;
  listed: number;
}

/** Adds clones until the items table holds `target` rows (no-op when it already does). */
export async function generateItems(db: Db, target: number): Promise<GenerateOutcome> {
  const before = await countItems(db);
  const sourceCount = await countOf(
    db,
    sql`select count(*)::int as total from items where position(${CLONE_MARK} in id) = 0`,
  );
  if (sourceCount === 0) throw new Error('题库是空的：先用同一个 DATABASE_URL 导入题库');

  let total = before;
  // Copy numbers continue after the highest one already generated, so reruns only add.
  let copy =
    (await countOf(
      db,
      sql`select coalesce(max(split_part(id, ${CLONE_MARK}, 2)::int), 0) as total from items where position(${CLONE_MARK} in id) > 0`,
    )) + 1;
  while (total < target) {
    const limit = target - total;
    await db.execute(sql`
      insert into items (id, type, number, title, difficulty, topics, content, answer_key,
        explanation_zh, updated_on, is_full, practice_count, search_text, source_hash)
      select i.id || ${CLONE_MARK} || g, i.type, i.number + g * 1000, i.title, i.difficulty,
        i.topics, i.content, i.answer_key, i.explanation_zh,
        i.updated_on - ((g * 37 + i.number * 11) % 720),
        i.is_full,
        floor(power((abs(hashtext(i.id || g)) % 10000) / 10000.0, 4) * 150000)::int,
        i.search_text, i.source_hash
      from items i cross join generate_series(${copy}::int, ${copy + COPIES_PER_STATEMENT - 1}::int) g
      where position(${CLONE_MARK} in i.id) = 0
      order by g, i.id
      limit ${limit}
      on conflict (id) do nothing`);
    copy += COPIES_PER_STATEMENT;
    total = await countItems(db);
  }

  await db.execute(sql`
    insert into item_high_frequency_weeks (week, item_id)
    select w.week, c.id
    from items c
    join item_high_frequency_weeks w on w.item_id = split_part(c.id, ${CLONE_MARK}, 1)
    where position(${CLONE_MARK} in c.id) > 0 and abs(hashtext(c.id)) % 10 = 0
    on conflict do nothing`);
  // Fresh statistics and visibility map, as autovacuum would leave them on a live database.
  await db.execute(sql`vacuum analyze items`);
  await db.execute(sql`vacuum analyze item_high_frequency_weeks`);
  const listed = await countOf(
    db,
    sql`select count(*)::int as total from item_high_frequency_weeks`,
  );
  return { before, after: total, listed };
}

async function main() {
  const [url, countText] = process.argv.slice(2);
  const target = Number(countText ?? 100_000);
  if (!url || !Number.isInteger(target) || target <= 0) {
    console.error('用法：node --import tsx bench/generate-items.ts <DATABASE_URL> [题目数]');
    process.exit(2);
  }
  const database = await openDatabase(url);
  try {
    const outcome = await generateItems(database.db, target);
    console.log(`题目 ${outcome.before} → ${outcome.after}，高频榜记录 ${outcome.listed} 条。`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
