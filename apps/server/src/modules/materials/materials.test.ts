import { ErrorCode, materialPaths } from '@ninety/contract';
import { count, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { materialGrants } from '../../db/schema/materials';
import { createLearner } from '../../../test/factories';
import { bankItem, seedItems } from '../../../test/bank';
import { drawsText } from '../../../test/pdf-text';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { downloadLinks } from './download-links';
import { materialProductKind, materialsOf, type MaterialsDeps } from './materials.service';

/**
 * 资料 through the API (PGlite, and PostgreSQL in the server-pg project): the committed catalogue
 * and PDFs, the public sample, fulfilment by the product kind the orders module calls (once per
 * order however often it is called, in parallel too), and a buyer's short signed link serving a
 * PDF stamped with their public id, which no altered, borrowed or expired link opens.
 */

const clock = testClock(new Date('2026-11-22T02:00:00Z'));
const config = testConfig({ TIME_ZONE: 'Asia/Shanghai' });
let app: App;
let database: Database;
let buyer: { userId: number; token: string; user: { userCode: string } };
let other: { userId: number; token: string; user: { userCode: string } };
let kind: ReturnType<typeof materialProductKind>;

const DI_TOPIC = 1;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
  await seedItems(database.db, [bankItem('DI', 1), bankItem('DI', 2), bankItem('WFD', 1)]);
  buyer = await createLearner(database.db, { now: clock.now() });
  other = await createLearner(database.db, { now: clock.now() });
  // The product kind as the orders module holds it (registered by the module at start).
  const deps: MaterialsDeps = {
    db: database.db,
    clock,
    timeZone: config.TIME_ZONE,
    storage: { publicUrl: (key: string) => `/files/${key}` } as MaterialsDeps['storage'],
    // The product kind stamps nothing: no queue.
    queue: {} as MaterialsDeps['queue'],
    materials: materialsOf(config.CONTENT_DIR),
    links: downloadLinks(config.AUTH_SECRET, clock),
    downloadPath: () => '/unused',
  };
  kind = materialProductKind(deps);
}, 60_000);
afterAll(async () => {
  await app.close();
});

/** Stamping jobs the queue ever held (pg-boss keeps ended jobs in its own table). */
async function stampJobs(): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'stamp-material-copy'`,
  );
  const rows =
    (result as unknown as { rows?: { n: number }[] }).rows ??
    (result as unknown as { n: number }[]);
  return rows[0]!.n;
}

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const post = (url: string, token?: string) =>
  app.inject({ method: 'POST', url, headers: token ? { token } : {} });

describe('catalogue and details', () => {
  it('lists topics and packs with the server’s prices; owned is null signed out, false before buying', async () => {
    const signedOut = (await get(materialPaths.list)).json().data.list;
    expect(signedOut.length).toBeGreaterThanOrEqual(7);
    const di = signedOut.find((m: { id: number }) => m.id === DI_TOPIC);
    expect(di).toMatchObject({
      kind: 'topic',
      title: 'DI 图表精讲',
      priceFen: 1990,
      listPriceFen: 2990,
      coverUrl: '/files/materials/covers/1.jpg',
      fileCount: 1,
      itemCount: 2,
      owned: null,
    });
    expect(di.pageCount).toBeGreaterThan(3);
    expect(signedOut.map((m: { kind: string }) => m.kind)).toEqual(
      expect.arrayContaining(['topic', 'pack']),
    );
    const signedIn = (await get(materialPaths.list, buyer.token)).json().data.list;
    expect(signedIn.every((m: { owned: boolean }) => m.owned === false)).toBe(true);
  });

  it('details: contents, what you get, the items it includes and the sample; 404 and 400 otherwise', async () => {
    const response = await get(materialPaths.detail(DI_TOPIC));
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail.files).toEqual([
      expect.objectContaining({ id: 'di-charts', types: ['DI'], pages: expect.any(Number) }),
    ]);
    expect(detail.items.map((i: { id: string }) => i.id)).toEqual(['di-0001', 'di-0002']);
    expect(detail.highlights.length).toBeGreaterThan(0);
    expect(detail).toMatchObject({ sampleUrl: materialPaths.sample(DI_TOPIC), samplePages: 3 });
    expect(detail).not.toHaveProperty('path');

    const missing = await get(materialPaths.detail(999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(ErrorCode.NotFound);
    expect((await get('/api/materials/abc')).statusCode).toBe(400);
  });

  it('serves the sample to anyone: the first three pages, marked as a sample', async () => {
    const response = await get(materialPaths.sample(DI_TOPIC));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(drawsText(response.rawPayload, 'SAMPLE · Ninety PTE')).toBe(true);
  });
});

describe('buying and downloading', () => {
  it('quotes from the catalogue only', async () => {
    expect(await kind.quote(String(DI_TOPIC))).toEqual({ titleZh: 'DI 图表精讲', amountFen: 1990 });
    expect(await kind.quote('999')).toBeNull();
    expect(await kind.quote('1; drop table')).toBeNull();
  });

  it('refuses a link before the purchase: 10006 signed out, 40303 signed in', async () => {
    expect((await post(materialPaths.downloadLink(DI_TOPIC, 'di-charts'))).json().code).toBe(
      ErrorCode.TokenMissing,
    );
    const response = await post(materialPaths.downloadLink(DI_TOPIC, 'di-charts'), buyer.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ErrorCode.PurchaseRequired);
  });

  it('fulfils an order once however often and however concurrently it is called', async () => {
    const input = { userId: buyer.userId, itemId: String(DI_TOPIC), orderNo: 'M-TEST-0001' };
    await Promise.all(Array.from({ length: 6 }, () => kind.fulfil(input)));
    await kind.fulfil(input);
    // A second order of the same material by the same learner grants nothing more either.
    await kind.fulfil({ ...input, orderNo: 'M-TEST-0002' });
    const [row] = await database.db
      .select({ n: count() })
      .from(materialGrants)
      .where(eq(materialGrants.userId, buyer.userId));
    expect(row!.n).toBe(1);
    const [grant] = await database.db
      .select()
      .from(materialGrants)
      .where(eq(materialGrants.userId, buyer.userId));
    expect(grant!.orderNo).toBe('M-TEST-0001');
    await expect(kind.fulfil({ ...input, itemId: 'x' })).rejects.toThrow();

    const detail = (await get(materialPaths.detail(DI_TOPIC), buyer.token)).json().data;
    expect(detail).toMatchObject({ owned: true, ownedAt: clock.now().toISOString() });
    const list = (await get(materialPaths.list, buyer.token)).json().data.list;
    expect(
      list.filter((m: { owned: boolean }) => m.owned).map((m: { id: number }) => m.id),
    ).toEqual([DI_TOPIC]);
  });

  it('is not sold twice to its buyer: a second order is refused, another learner may order it', async () => {
    const order = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { token },
        payload: { kind: 'material', itemId: String(DI_TOPIC) },
      });
    const again = await order(buyer.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 40001, msg: '你已购买过，无需再次购买' });
    expect((await order(other.token)).statusCode).toBe(200);
  });

  it('hands the buyer a short link to a copy stamped with their id and order', async () => {
    const response = await post(materialPaths.downloadLink(DI_TOPIC, 'di-charts'), buyer.token);
    expect(response.statusCode).toBe(200);
    const link = response.json().data;
    expect(link.fileName).toBe('DI 图表精讲.pdf');
    expect(new Date(link.expiresAt).getTime() - clock.now().getTime()).toBe(5 * 60_000);
    expect(link.url).toMatch(
      /^\/api\/materials\/1\/files\/di-charts\/download\?order=M-TEST-0001&expires=\d+&signature=[\w-]+$/,
    );

    // No session needed: the link is the permission. Two first downloads at once stamp once
    // (one job), and both are sent to the same stored copy by a short signed link.
    const [first, second] = await Promise.all([get(link.url), get(link.url)]);
    expect(first.statusCode).toBe(302);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const location = String(first.headers.location);
    expect(location).toMatch(
      /^\/files\/material-copies\/\d+\/M-TEST-0001\/[^/]+\/di-charts-[0-9a-f]{16}\.pdf\?expires=\d+&signature=/,
    );
    expect(second.statusCode).toBe(302);
    expect(String(second.headers.location).split('?')[0]).toBe(location.split('?')[0]);
    expect(await stampJobs()).toBe(1);
    // A later download is only a link: no new job.
    expect((await get(link.url)).statusCode).toBe(302);
    expect(await stampJobs()).toBe(1);
    const file = await get(location);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // The stored copy is private: without its signature it is not served.
    expect((await get(location.split('?')[0]!)).statusCode).toBe(404);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mark = `Ninety PTE - licensed to ${buyer.user.userCode} - order M-TEST-0001 - 2026-11-22`;
    expect(drawsText(file.rawPayload, mark)).toBe(true);
    expect(drawsText(file.rawPayload, `Ninety PTE · ${buyer.user.userCode}`)).toBe(true);
    // The serial id never leaves the server, not even in the link.
    expect(link.url).not.toContain(`=${buyer.userId}&`);
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getKeywords()).toBe(mark);
    const detail = (await get(materialPaths.detail(DI_TOPIC))).json().data;
    expect(pdf.getPageCount()).toBe(detail.files[0].pages);
  });

  it('opens no link that is altered, someone else’s, for another file, or expired', async () => {
    const link = (await post(materialPaths.downloadLink(DI_TOPIC, 'di-charts'), buyer.token)).json()
      .data;
    const url = new URL(link.url, 'http://x');
    const variant = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    for (const altered of [
      variant((u) => u.searchParams.set('order', 'M-TEST-0002')),
      variant((u) => u.searchParams.set('signature', 'x'.repeat(43))),
      variant((u) =>
        u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60)),
      ),
      variant((u) => (u.pathname = u.pathname.replace('di-charts', 'wfd-sentences'))),
    ]) {
      const response = await get(altered);
      expect(response.json().code, altered).toBe(ErrorCode.BadSignature);
    }
    // The other learner's own link for a material they did not buy is refused outright.
    expect(
      (await post(materialPaths.downloadLink(DI_TOPIC, 'di-charts'), other.token)).json().code,
    ).toBe(ErrorCode.PurchaseRequired);
    expect((await post(materialPaths.downloadLink(DI_TOPIC, 'nope'), buyer.token)).statusCode).toBe(
      404,
    );

    clock.advance(5 * 60 + 1);
    expect((await get(link.url)).json().code).toBe(ErrorCode.BadSignature);
  });
});
