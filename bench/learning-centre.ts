/**
 * 学习中心's figure (issue 19): p50/p95 of each 学习中心 call for a learner with two years of
 * daily practice (20,000 scored attempts, study time every day, mistakes in the book, a goal and a
 * time zone with daylight saving) on PostgreSQL, against the built server. Figures only.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { createLearner } from '../apps/server/test/factories';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ATTEMPTS = 20_000;
const DAYS = 730;
const RUNS = 200;

// GET /api/health first: the same server's floor on this machine at the time, to read the rest by.
const CALLS = [
  '/api/health',
  '/api/learning-centre/overview',
  '/api/learning-centre/skills',
  '/api/learning-centre/mistakes',
  '/api/learning-centre/plan',
  '/api/learning-centre/profile',
];

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** `serverDir`: the server build to start (apps/server/dist by default). */
export async function learningCentreBench(
  adminUrl: string | null,
  serverDir = path.join(root, 'apps/server/dist'),
): Promise<void> {
  console.log('\n学习中心 (20,000 attempts over 2 years, PostgreSQL)');
  if (!adminUrl) {
    console.log('  skipped (needs PostgreSQL)');
    return;
  }
  const name = `ninety_bench_lc_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const storageDir = path.join(root, 'data', `bench-lc-${name}`);
  const child = spawn(process.execPath, [path.join(serverDir, 'server.mjs')], {
    cwd: root,
    env: {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: url.toString(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      STORAGE_DIR: storageDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  try {
    const serverUrl = await new Promise<string>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Ninety 已启动：(\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => reject(new Error(`server exited:\n${output}`)));
    });
    // The bank is imported at the first start; the attempts need its items.
    for (;;) {
      const health = (await (await fetch(`${serverUrl}/api/health`)).json()) as {
        data?: { status?: string };
      };
      if (health.data?.status === 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    database = await openDatabase(url.toString());
    const { db } = database;
    const { token, userId } = await createLearner(db, { now: new Date(), isMember: true });
    // One attempt every ~53 minutes for two years, round the bank's scored items; about one in
    // four not fully right.
    await db.execute(sql`
      with its as (
        select id, type, row_number() over (order by id) - 1 as k from items where type <> 'PI'
      ), n as (select count(*)::int as c from its)
      insert into attempts (user_id, item_id, type, answer, score, max, result, scoring_profile,
        time_spent_seconds, idempotency_key, created_at)
      select ${userId}, its.id, its.type, '{"text":"bench"}'::jsonb,
        case when g % 4 = 0 then g % 5 else 5 end, 5, '{}'::jsonb, 'bench', 30,
        'bench-' || g, now() - (g * (${DAYS} * interval '1 day') / ${ATTEMPTS})
      from generate_series(1, ${ATTEMPTS}) g join its on its.k = g % (select c from n)`);
    await db.execute(sql`
      insert into user_study_quarters (user_id, quarter_start, study_seconds, updated_at)
      select ${userId}, date_trunc('day', now()) - d * interval '1 day' + q * interval '15 minutes'
        + interval '11 hours', 900, now()
      from generate_series(0, ${DAYS - 1}) d, generate_series(0, 3) q`);
    await db.execute(sql`
      insert into learning_profiles (user_id, time_zone, target_overall, exam_date, daily_minutes, updated_at)
      values (${userId}, 'Australia/Sydney', 65, (now() + interval '40 days')::date, 90, now())`);
    await db.execute(sql`analyze`);

    for (const call of CALLS) {
      const times: number[] = [];
      for (let run = 0; run < RUNS + 10; run += 1) {
        const started = performance.now();
        const response = await fetch(`${serverUrl}${call}`, { headers: { token } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${call}: HTTP ${response.status}`);
        if (run >= 10) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const label = `GET ${call}`.padEnd(42);
      console.log(
        `  ${label} p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${RUNS} sequential calls${call.startsWith('/api/learning-centre/') ? '; target p95 ≤ 50 ms' : ''})`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    await database?.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
    rmSync(storageDir, { recursive: true, force: true });
  }
}
