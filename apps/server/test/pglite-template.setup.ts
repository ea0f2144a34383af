import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/**
 * A brand-new PGlite takes seconds and much memory to initialise; a migrated template is made
 * once per run and every test database is loaded from it.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ninety-pglite-'));
  const templatePath = path.join(dir, 'template.tar.gz');
  const database = await openDatabase('pglite://memory');
  await database.migrate();
  if (!database.snapshot) throw new Error('PGlite database without snapshot support');
  const dump = await database.snapshot();
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabase', { driver: 'pglite', templatePath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
