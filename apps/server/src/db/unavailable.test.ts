/**
 * Database trouble answers 50300 on every route, as the health check does, and never hangs
 * (issue 18, finding 6). PostgreSQL is reached through a TCP relay the test controls: cut (the
 * server is down), black-holed (it accepts connections and never answers) or frozen mid-connection.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../app';
import { getUser, signIn } from '../../test/accounts';
import { withDatabaseName } from '../../test/postgres-url';
import { testConfig } from '../../test/test-app';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

type Mode = 'forward' | 'refuse' | 'black-hole';

/** A relay to PostgreSQL whose behaviour the test switches. */
function relay(target: { host: string; port: number }) {
  let mode: Mode = 'forward';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (mode === 'refuse') return void client.destroy();
    // Black hole: accept, read, never answer.
    if (mode === 'black-hole') return void client.resume();
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  return {
    server,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    /** New connections get `next`; live ones are cut (down) or silenced (frozen). */
    set(next: Mode, live: 'keep' | 'cut' | 'freeze' = 'keep') {
      mode = next;
      for (const socket of sockets) {
        if (live === 'cut') socket.destroy();
        if (live === 'freeze') {
          socket.unpipe();
          socket.pause();
        }
      }
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe.runIf(inject('testDatabase').driver === 'postgres')(
  'database outages (PostgreSQL)',
  () => {
    const target = inject('testDatabase');
    const name = `ninety_test_${randomBytes(6).toString('hex')}`;
    let app: App;
    let proxy: ReturnType<typeof relay>;
    let token: string;

    beforeAll(async () => {
      if (target.driver !== 'postgres') return;
      const admin = new pg.Client({ connectionString: target.adminUrl });
      await admin.connect();
      await admin.query(`create database ${name} template ${target.template}`);
      await admin.end();
      const real = new URL(target.adminUrl);
      proxy = relay({ host: real.hostname, port: Number(real.port || 5432) });
      const port = await proxy.listen();
      const viaProxy = new URL(withDatabaseName(target.adminUrl, name));
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(port);
      const database = await openDatabase(viaProxy.toString(), {
        connectTimeoutMs: 500,
        statementTimeoutMs: 1_000,
      });
      app = await buildApp(testConfig(), { database });
      token = await signIn(app);
    }, 60_000);

    afterAll(async () => {
      proxy?.set('forward', 'cut');
      await app?.close();
      proxy?.close();
      if (target.driver !== 'postgres') return;
      const admin = new pg.Client({ connectionString: target.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    async function expectUnavailable() {
      for (const request of [
        () => getUser(app, token),
        () => app.inject({ method: 'GET', url: '/api/postsV2/list?code=RA' }),
        () => app.inject({ method: 'GET', url: '/api/health' }),
      ]) {
        const response = await request();
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json().code).toBe(50300);
      }
    }

    it('answers 50300 everywhere while PostgreSQL is down, and serves again once it is back', async () => {
      proxy.set('refuse', 'cut');
      await expectUnavailable();
      proxy.set('forward');
      expect((await getUser(app, token)).statusCode).toBe(200);
    }, 60_000);

    it('answers 50300 instead of hanging while PostgreSQL accepts and never answers', async () => {
      proxy.set('black-hole', 'cut');
      await expectUnavailable();
      proxy.set('forward');
      expect((await getUser(app, token)).statusCode).toBe(200);
    }, 60_000);

    it('answers 50300 instead of hanging when live connections freeze mid-statement', async () => {
      expect((await getUser(app, token)).statusCode).toBe(200);
      proxy.set('black-hole', 'freeze');
      await expectUnavailable();
      proxy.set('forward', 'cut');
      // A new connection through the proxy: on a busy machine that takes more than poll's 1 s.
      await expect
        .poll(async () => (await getUser(app, token)).statusCode, { timeout: 30_000 })
        .toBe(200);
    }, 60_000);
  },
);

describe('isDatabaseUnavailable', () => {
  it('knows a lost or refused connection and a cancelled statement, through wrappers', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57014' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves statement faults alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
