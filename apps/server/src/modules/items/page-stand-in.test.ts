import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { bankItem, seedItems } from '../../../test/bank';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * The page's largest text in the server's HTML (issue 23, ADR 0036): the question list's heading
 * and first rows, the exercise's heading and passage, escaped, in React's root.
 */

const indexHtml =
  '<!doctype html><html lang="zh-CN"><head><title>Ninety PTE 备考</title></head><body><div id="root"></div></body></html>';
const hostileTitle = `<script>alert("x")</script> & 'Tom'`;
const hostilePassage = 'Owls <b>hunt</b> at night & sleep by day; $& is not a pattern.';

let app: App;
let database: Database;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'ninety-stand-in-'));
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  database = await openTestDatabase();
  app = await buildApp(testConfig({ WEB_DIST_DIR: dist }), { database, clock: testClock() });
  const first = bankItem('RMCS', 1, { title: hostileTitle });
  Object.assign((first as unknown as { content: object }).content, { passage: hostilePassage });
  await seedItems(database.db, [first, bankItem('RMCS', 2, { title: 'Rivers' })]);
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.body;
};

describe('the stand-in in the page HTML', () => {
  it('puts the list heading and the first rows, escaped, into the root', async () => {
    const html = await page('/question-list/RMCS/1');
    expect(html).toContain('<div id="root"><div class="stand-in">');
    expect(html).toContain('<h1 class="stand-in-title">阅读单选 RMCS</h1>');
    expect(html).toMatch(/<p class="stand-in-description" lang="en">Reading[^<]*<\/p>/);
    expect(html).toContain(
      '<span lang="en">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Tom&#39;</span>',
    );
    expect(html).toContain('<span lang="en">Rivers</span>');
    expect(html).not.toContain('<script>alert');
  });

  it('puts the exercise heading and the passage, escaped, into the root', async () => {
    const html = await page('/exp/RMCS/rmcs-0001');
    expect(html).toContain('<h1 class="stand-in-title">阅读单选 RMCS</h1>');
    expect(html).toContain(
      '<p class="stand-in-passage" lang="en">Owls &lt;b&gt;hunt&lt;/b&gt; at night &amp; sleep by day; $&amp; is not a pattern.</p>',
    );
  });

  it('keeps only the heading when the list has filters, and nothing for unknown pages', async () => {
    const filtered = await page('/question-list/RMCS/1?keyword=owl');
    expect(filtered).toContain('阅读单选 RMCS');
    expect(filtered).not.toContain('stand-in-rows');
    for (const url of [
      '/exp/RMCS/rmcs-0099',
      '/exp/RA/rmcs-0001',
      '/question-list/XYZ/1',
      '/high',
    ]) {
      expect(await page(url)).toContain('<div id="root"></div>');
    }
  });

  it('follows the bank: a new title shows after an import', async () => {
    expect(await page('/question-list/RMCS/1')).not.toContain('Lakes');
    await seedItems(database.db, [bankItem('RMCS', 3, { title: 'Lakes' })]);
    expect(await page('/question-list/RMCS/1')).toContain('<span lang="en">Lakes</span>');
  });
});
