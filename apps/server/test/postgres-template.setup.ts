import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { testDatabaseUrl, withDatabaseName } from './postgres-url';

/** Creates one migrated template database; each test database is a cheap copy of it. */
export default async function setup(project: TestProject) {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: the server-pg project needs it');
  const template = `ninety_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();

  const database = await openDatabase(withDatabaseName(adminUrl, template));
  await database.migrate();
  await database.close();

  project.provide('testDatabase', { driver: 'postgres', adminUrl, template });
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template}`);
    await cleanup.end();
  };
}
