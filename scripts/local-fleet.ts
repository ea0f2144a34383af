/**
 * The fleet of docs/deploy.md on one machine, for trying it and for checking a change against it:
 * PostgreSQL (DATABASE_URL, or a throwaway one from Debian's package), an S3 store (s3rver), two
 * API servers that score nothing themselves, scoring workers, and a round-robin front on PORT
 * (default 8080) that sends each request to the next server, as a load balancer would.
 *
 *   npm run fleet:local                     # builds, then starts everything; Ctrl-C stops it
 *   WORKERS=2 PORT=9090 npm run fleet:local
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startS3Server } from '../apps/server/test/s3-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/server/dist');
const port = Number(process.env['PORT'] ?? 8080);
const workers = Number(process.env['WORKERS'] ?? 1);
const children: ChildProcess[] = [];

function startPostgres(): { url: string; stop: () => void } {
  const given = process.env['DATABASE_URL'];
  if (given?.startsWith('postgres')) return { url: given, stop: () => undefined };
  const script = path.join(root, 'scripts/throwaway-postgres.sh');
  const dir = path.join('/tmp', 'ninety-fleet-pg');
  const started = spawnSync(script, ['start', dir, '54331'], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`PostgreSQL did not start:\n${started.stderr}`);
  return {
    url: started.stdout.trim(),
    stop: () => void spawnSync(script, ['stop', dir]),
  };
}

/** Starts a built entry and resolves when it prints its ready line. */
function start(name: string, entry: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) console.log(`[${name}] ${line}`);
      if (ready.test(chunk.toString())) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${name} exited (${code})`)));
  });
}

async function main(): Promise<void> {
  if (!existsSync(path.join(dist, 'server.mjs')) || !existsSync(path.join(dist, 'worker.mjs'))) {
    throw new Error('No build: run `npm run build` first (npm run fleet:local does).');
  }
  const postgres = startPostgres();
  const s3 = await startS3Server({ directory: path.join(root, 'data/fleet-s3') });
  const common = {
    ...s3.env,
    DATABASE_URL: postgres.url,
    HOST: '127.0.0.1',
    WORKERS_IN_PROCESS: 'false',
    LOG_LEVEL: 'warn',
  };
  const servers = [port + 1, port + 2];
  // The first server migrates the database and imports the bank into an empty one; the second
  // starts once it has.
  await start('api-1', 'server.mjs', { ...common, PORT: String(servers[0]) }, /已启动/);
  await start(
    'api-2',
    'server.mjs',
    { ...common, PORT: String(servers[1]), CONTENT_IMPORT_ON_START: 'false' },
    /已启动/,
  );
  for (let index = 1; index <= workers; index++) {
    await start(`worker-${index}`, 'worker.mjs', common, /评分进程已启动/);
  }

  let next = 0;
  const front = http.createServer((request, response) => {
    const target = servers[next++ % servers.length];
    const forward = http.request(
      {
        host: '127.0.0.1',
        port: target,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  front.listen(port, '127.0.0.1');
  console.log(
    `Ninety fleet: http://127.0.0.1:${port} → API servers :${servers.join(', :')}; ` +
      `${workers} scoring worker(s); PostgreSQL ${postgres.url}; S3 ${s3.endpoint}`,
  );

  const stopAll = async () => {
    front.close();
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
      ),
    );
    await s3.stop();
    postgres.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stopAll());
  process.on('SIGTERM', () => void stopAll());
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
