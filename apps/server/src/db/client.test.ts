import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabaseName } from '../../test/postgres-url';
import { openTestDatabase } from '../../test/test-app';
import { openDatabase } from './client';
import { users } from './schema';

describe('database', () => {
  it('has the migrated schema, and migrating again changes nothing', async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      const [row] = await database.db
        .insert(users)
        .values({ phonecode: '86', phone: '13800000000' })
        .returning();
      expect(row?.userCode).toMatch(/^[0-9a-f]{32}$/);
      expect(row?.memberLevel).toBe(0);
      const applied = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const rows = (applied as unknown as { rows: { n: number }[] }).rows;
      expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  });

  const target = inject('testDatabase');
  it.runIf(target.driver === 'postgres')(
    'servers starting together on an empty PostgreSQL migrate it once, one after the other',
    async () => {
      if (target.driver !== 'postgres') return;
      const name = `ninety_empty_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: target.adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = withDatabaseName(target.adminUrl, name);
      const servers = await Promise.all([openDatabase(url), openDatabase(url), openDatabase(url)]);
      try {
        await Promise.all(servers.map((server) => server.migrate()));
        const [first] = servers;
        await first?.db.insert(users).values({ phonecode: '86', phone: '13700000000' });
      } finally {
        await Promise.all(servers.map((server) => server.close()));
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      }
    },
  );

  it('refuses a second account on the same phone', async () => {
    const database = await openTestDatabase();
    try {
      await database.db.insert(users).values({ phonecode: '86', phone: '13900000000' });
      await expect(
        database.db.insert(users).values({ phonecode: '86', phone: '13900000000' }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

describe('file-backed PGlite (the default)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('creates its directory, migrates, and keeps data across reopening', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'ninety-db-')), 'nested', 'db');
    dirs.push(path.dirname(path.dirname(dir)));
    const first = await openDatabase(`pglite://${dir}`);
    await first.migrate();
    await first.db
      .insert(users)
      .values({ phonecode: '86', phone: '13700000000', nickname: '小九' });
    await first.close();

    const second = await openDatabase(`pglite://${dir}`);
    await second.migrate();
    const rows = await second.db.select().from(users);
    expect(rows.map((row) => row.nickname)).toEqual(['小九']);
    await second.close();
  }, 60_000);
});
