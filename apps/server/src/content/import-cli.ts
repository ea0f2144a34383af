import { createStorage } from '../adapters/storage/create-storage';
import type { ObjectStorage } from '../adapters/storage/object-storage';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/client';
import { formatBankProblems } from './bank';
import { InvalidBankError, importBank } from './import-bank';
import { loadPronunciationWords } from './pronunciation-dictionary';

/**
 * `npm run content:import`: validates `CONTENT_DIR` and upserts it into `DATABASE_URL` (the same
 * configuration as the server). An embedded (PGlite) database can be open in one process only, so
 * stop the server first or import into PostgreSQL.
 */
async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const words = await loadPronunciationWords();
  const database = await openDatabase(config.DATABASE_URL);
  let storage: ObjectStorage | undefined;
  try {
    await database.migrate();
    // Whichever store the server reads (STORAGE_PROVIDER): local disk or S3.
    storage = await createStorage(config);
    const summary = await importBank({
      db: database.db,
      storage,
      contentRoot: config.CONTENT_DIR,
      hasWord: (word) => words.has(word),
    });
    console.log(
      `题库导入完成：${summary.total} 道题，新增 ${summary.inserted}，更新 ${summary.updated}，` +
        `未变 ${summary.unchanged}；写入媒体文件 ${summary.mediaWritten} 个。`,
    );
    if (summary.orphaned.length > 0) {
      console.warn(
        `数据库中有 ${summary.orphaned.length} 道题已没有对应文件（保留未删）：${summary.orphaned.join(', ')}`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof InvalidBankError) {
      console.error(formatBankProblems(error.problems));
      console.error(`\n题库有 ${error.problems.length} 处问题，未导入任何内容。`);
      return 1;
    }
    throw error;
  } finally {
    storage?.close?.();
    await database.close();
  }
}

process.exitCode = await main();
