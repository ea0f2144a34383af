import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ITEM_TYPE_CODES } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import type { Database } from '../db/client';
import { countAllItems } from '../modules/items/bank-import.repository';
import { repoRoot } from '../paths';
import { MEDIA_PATH } from '../adapters/storage/media-keys';
import { fixtureBankDir } from '../../test/bank';
import { openTestDatabase, testConfig } from '../../test/test-app';
import { countByType, loadBank } from './bank';
import { InvalidBankError, importBank, importBankIfEmpty } from './import-bank';
import { loadPronunciationWords } from './pronunciation-dictionary';

let words: Set<string>;
const hasWord = (word: string) => words.has(word);
const scratch: string[] = [];

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ninety-bank-'));
  scratch.push(dir);
  return dir;
}

/** A copy of the fixture bank that a test may break. */
async function fixtureCopy(): Promise<string> {
  const dir = await scratchDir();
  await cp(fixtureBankDir, dir, { recursive: true });
  return dir;
}

async function edit(dir: string, file: string, change: (text: string) => string) {
  const full = path.join(dir, file);
  await writeFile(full, change(await readFile(full, 'utf8')));
}

beforeAll(async () => {
  words = await loadPronunciationWords();
});

afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the committed bank (content/)', () => {
  it('passes every check, media included, with at least 15 items of each scored type', async () => {
    const bank = await loadBank(path.join(repoRoot, 'content'), { hasWord });
    expect(bank.problems).toEqual([]);
    const counts = Object.fromEntries(countByType(bank.items));
    for (const code of ITEM_TYPE_CODES) {
      if (code === 'PI') continue;
      expect(counts[code], code).toBeGreaterThanOrEqual(15);
    }
  });
});

describe('content checks', () => {
  it('accepts the fixture bank', async () => {
    const bank = await loadBank(fixtureBankDir, { hasWord });
    expect(bank.problems).toEqual([]);
    expect(bank.items.map((entry) => entry.item.id)).toEqual(['di-0001', 'ra-0001', 'wfd-0001']);
  });

  it.each([
    [
      'YAML that does not parse',
      'items/ra/ra-0001.yaml',
      (text: string) => text.replace('title:', 'title: [unclosed'),
      {
        path: expect.stringMatching(/^line \d+$/),
        message: expect.stringMatching(/not valid YAML/),
      },
    ],
    [
      'a field of the wrong type',
      'items/ra/ra-0001.yaml',
      (text: string) => text.replace(/difficulty: \d/, 'difficulty: hard'),
      { path: 'difficulty', message: expect.any(String) },
    ],
    [
      'an unknown topic',
      'items/ra/ra-0001.yaml',
      (text: string) => text.replace('- environment', '- astrology'),
      { path: 'topics[0]', message: expect.any(String) },
    ],
    [
      'an RA text over 60 words',
      'items/ra/ra-0001.yaml',
      (text: string) => text.replace('text: ', `text: ${'word '.repeat(60)}`),
      { path: 'content.text', message: expect.stringMatching(/at most 60/) },
    ],
    [
      'a word the speech engine cannot say',
      'items/ra/ra-0001.yaml',
      (text: string) => text.replace('Coral reefs', 'Coral reefz in 1999'),
      { path: 'content.text', message: expect.stringMatching(/lacks "reefz", "1999"/) },
    ],
    [
      'an id that does not match the file name',
      'items/ra/ra-0001.yaml',
      (text: string) => text.replace('id: ra-0001', 'id: ra-0002'),
      { path: 'id', message: expect.stringMatching(/file is named ra-0001\.yaml/) },
    ],
    [
      'audio whose duration is wrong',
      'items/wfd/wfd-0001.yaml',
      (text: string) => text.replace(/durationSeconds: [\d.]+/, 'durationSeconds: 9.9'),
      { path: 'content.audio.durationSeconds', message: expect.stringMatching(/plays for/) },
    ],
    [
      'a missing media file',
      'items/wfd/wfd-0001.yaml',
      (text: string) => text.replace('wfd-0001.mp3', 'wfd-0404.mp3'),
      { path: 'content.audio.src', message: expect.stringMatching(/does not exist/) },
    ],
    [
      'an image of another size',
      'items/di/di-0001.yaml',
      (text: string) => text.replace('width: 800', 'width: 640'),
      { path: 'content.image', message: expect.stringMatching(/640×500/) },
    ],
  ])('reports %s with file, field path and message', async (_case, file, change, problem) => {
    const dir = await fixtureCopy();
    await edit(dir, file, change);
    const bank = await loadBank(dir, { hasWord });
    expect(bank.problems).toContainEqual({ file, ...problem });
    expect(bank.items.map((entry) => entry.file)).not.toContain(file);
  });

  it('reports an id used twice', async () => {
    const dir = await fixtureCopy();
    // Another folder named after the type holds a copy.
    await mkdir(path.join(dir, 'items/x/ra'), { recursive: true });
    await cp(path.join(dir, 'items/ra/ra-0001.yaml'), path.join(dir, 'items/x/ra/ra-0001.yaml'));
    const bank = await loadBank(dir, { hasWord });
    expect(bank.problems).toContainEqual({
      file: 'items/x/ra/ra-0001.yaml',
      path: 'id',
      message: '"ra-0001" is already used by items/ra/ra-0001.yaml',
    });
  });
});

describe('content import', () => {
  let database: Database;
  let storageDir: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
    storageDir = await scratchDir();
    storage = new LocalDiskStorage(storageDir, MEDIA_PATH);
  });

  afterAll(async () => {
    await database.close();
  });

  it('imports a valid bank, then changes nothing on a second run', async () => {
    const deps = { db: database.db, storage, contentRoot: fixtureBankDir, hasWord };
    expect(await importBank(deps)).toEqual({
      total: 3,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      mediaWritten: 2,
      orphaned: [],
    });
    expect(await importBank(deps)).toEqual({
      total: 3,
      inserted: 0,
      updated: 0,
      unchanged: 3,
      mediaWritten: 0,
      orphaned: [],
    });
    expect(await storage.exists('bank/audio/wfd/wfd-0001.mp3')).toBe(true);
  });

  it('updates a changed file in place and refuses a broken bank without writing anything', async () => {
    const dir = await fixtureCopy();
    const deps = { db: database.db, storage, contentRoot: dir, hasWord };
    await edit(dir, 'items/ra/ra-0001.yaml', (text) =>
      text.replace('title: Coral bleaching', 'title: Coral reefs in danger'),
    );
    expect(await importBank(deps)).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });

    // One valid change and one broken file: the import must refuse both.
    await edit(dir, 'items/ra/ra-0001.yaml', (text) =>
      text.replace('title: Coral reefs in danger', 'title: Changed again'),
    );
    await edit(dir, 'items/wfd/wfd-0001.yaml', (text) => text.replace('type: WFD', 'type: WFX'));
    const error = await importBank(deps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidBankError);
    expect((error as InvalidBankError).problems[0]).toMatchObject({
      file: 'items/wfd/wfd-0001.yaml',
    });
    const titles = await database.db.query.items.findMany({ columns: { id: true, title: true } });
    expect(titles.find((row) => row.id === 'ra-0001')?.title).toBe('Coral reefs in danger');
    expect(await countAllItems(database.db)).toBe(3);
  });

  it('keeps items whose file was removed and says so', async () => {
    const dir = await fixtureCopy();
    await rm(path.join(dir, 'items/ra/ra-0001.yaml'));
    const summary = await importBank({ db: database.db, storage, contentRoot: dir, hasWord });
    expect(summary.orphaned).toEqual(['ra-0001']);
    expect(await countAllItems(database.db)).toBe(3);
  });

  it('imports at start only into a database without items, reading the dictionary only then', async () => {
    const empty = await openTestDatabase();
    try {
      let loads = 0;
      const loadWords = async () => {
        loads += 1;
        return words;
      };
      const deps = { db: empty.db, storage, contentRoot: fixtureBankDir };
      expect(await importBankIfEmpty(deps, loadWords)).toMatchObject({ inserted: 3 });
      expect(await importBankIfEmpty(deps, loadWords)).toBeNull();
      expect(loads).toBe(1);
    } finally {
      await empty.close();
    }
  });
});

describe('start-up import and media serving', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildApp(
      testConfig({
        CONTENT_IMPORT_ON_START: 'true',
        CONTENT_DIR: fixtureBankDir,
        STORAGE_DIR: await scratchDir(),
      }),
      { database: await openTestDatabase() },
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('imports the bank into an empty database at start', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/postsV2/list' });
    expect(response.json().data.total).toBe(3);
  });

  it('serves media with caching headers and range requests', async () => {
    const url = '/files/bank/audio/wfd/wfd-0001.mp3';
    const full = await app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['cache-control']).toBe('public, max-age=86400');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['etag']).toBeTruthy();
    const size = full.rawPayload.length;
    expect(size).toBeGreaterThan(1000);

    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(full.rawPayload.subarray(100, 200));

    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(full.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);

    const svg = await app.inject({ method: 'GET', url: '/files/bank/images/di/di-0001.svg' });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a missing file with 404, never with the app page', async () => {
    for (const url of ['/files/bank/audio/none.mp3', '/files/bank/images/di/none.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('never lists folders or serves a file outside the storage directory', async () => {
    for (const url of [
      '/files/../package.json',
      '/files/%2e%2e/%2e%2e/package.json',
      '/files/',
      '/files/bank/',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body, url).not.toMatch(/workspaces/);
    }
  });
});
