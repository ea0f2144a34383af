/**
 * A real S3 protocol server for tests and development: s3rver (npm) on a free loopback port with
 * a temporary directory, one bucket whose CORS lets browsers PUT and GET from any origin and read
 * the `ETag` header (what a browser uploader needs), and a clean stop.
 *
 * s3rver lacks three parts of the multipart protocol that every real store (S3, COS, OSS, MinIO)
 * has: ListParts, AbortMultipartUpload and the checks of CompleteMultipartUpload (every part named
 * must be stored with that ETag, ascending numbers, all but the last ≥ 5 MiB). A small front in
 * this file answers those three from s3rver's own upload folder, in S3's XML, and passes every
 * other request through untouched (signatures included: the Host header is kept). The front does
 * not check signatures of the two calls it answers itself; everything else is s3rver's.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';
export const S3_REGION = 'us-east-1';
const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Browsers upload parts straight to the bucket (PUT) and read objects (GET) from any page. */
export const BUCKET_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface S3TestServer {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  directory: string;
  /** The environment for STORAGE_PROVIDER=s3 against this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface StartS3Options {
  bucket?: string;
  /** Keep objects here (development); default a temporary directory removed on stop. */
  directory?: string;
  /** A fixed port (development); default a free one. */
  port?: number;
  host?: string;
}

export async function startS3Server(options: StartS3Options = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? `ninety-test-${randomUUID().slice(0, 8)}`;
  const ownDirectory = !options.directory;
  const directory = options.directory ?? (await mkdtemp(path.join(os.tmpdir(), 'ninety-s3-')));
  const host = options.host ?? '127.0.0.1';

  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [Buffer.from(BUCKET_CORS)] }],
  });
  const inner = (await s3rver.run()) as AddressInfo;
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  // No keep-alive towards s3rver, so closing it never waits for an idle socket of ours.
  const agent = new http.Agent({ keepAlive: false });

  const front = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        xmlError(response, 500, 'InternalError', String(error));
      } else {
        response.destroy();
      }
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://front');
    const [, urlBucket, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = url.searchParams.get('uploadId');
    if (urlBucket === bucket && key && uploadId !== null) {
      const uploadDir = path.join(uploadsDir, path.basename(uploadId));
      const open =
        /^[\w-]+$/.test(uploadId) &&
        existsSync(path.join(uploadDir, 'key')) &&
        (await readFile(path.join(uploadDir, 'key'), 'utf8')) === key;
      const method = request.method ?? 'GET';
      if (!open && method !== 'OPTIONS') {
        request.resume();
        return xmlError(response, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      }
      if (method === 'GET') return listParts(response, uploadDir, key, uploadId);
      if (method === 'DELETE') {
        await rm(uploadDir, { recursive: true, force: true });
        response.writeHead(204).end();
        return;
      }
      if (method === 'POST') {
        const body = await readBody(request);
        const refused = await checkComplete(uploadDir, body.toString('utf8'));
        if (refused)
          return xmlError(response, 400, refused, `${refused} (checked by the test front)`);
        return proxy(request, response, body);
      }
    }
    return proxy(request, response);
  }

  function proxy(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body?: Buffer,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const headers = { ...request.headers };
      if (body) headers['content-length'] = String(body.length);
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: inner.port,
          agent,
          method: request.method,
          path: request.url,
          headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('end', resolve);
          answer.on('error', reject);
        },
      );
      upstream.on('error', reject);
      if (body) upstream.end(body);
      else request.pipe(upstream);
    });
  }

  await new Promise<void>((resolve) => front.listen(options.port ?? 0, host, resolve));
  const port = (front.address() as AddressInfo).port;
  const endpoint = `http://${host}:${port}`;

  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_BASE_URL: `${endpoint}/${bucket}`,
    },
    async stop() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3rver.close();
      if (ownDirectory) await rm(directory, { recursive: true, force: true });
    },
  };
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function xmlError(response: http.ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code>` +
      `<Message>${escapeXml(message)}</Message></Error>`,
  );
}

/** s3rver keeps part n as the file `n` and its MD5 as `n.md5`. */
async function storedParts(uploadDir: string) {
  const parts: { partNumber: number; etag: string; size: number; at: Date }[] = [];
  for (const name of await readdir(uploadDir)) {
    if (!/^\d+$/.test(name)) continue;
    const file = path.join(uploadDir, name);
    const [info, md5] = await Promise.all([
      stat(file),
      readFile(`${file}.md5`, 'utf8').catch(async () =>
        createHash('md5')
          .update(await readFile(file))
          .digest('hex'),
      ),
    ]);
    parts.push({ partNumber: Number(name), etag: md5.trim(), size: info.size, at: info.mtime });
  }
  return parts.sort((a, b) => a.partNumber - b.partNumber);
}

async function listParts(
  response: http.ServerResponse,
  uploadDir: string,
  key: string,
  uploadId: string,
) {
  const parts = await storedParts(uploadDir);
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId>` +
      `<IsTruncated>false</IsTruncated>` +
      parts
        .map(
          (part) =>
            `<Part><PartNumber>${part.partNumber}</PartNumber>` +
            `<LastModified>${part.at.toISOString()}</LastModified>` +
            `<ETag>&quot;${part.etag}&quot;</ETag><Size>${part.size}</Size></Part>`,
        )
        .join('') +
      `</ListPartsResult>`,
  );
}

/** S3's checks of a CompleteMultipartUpload list; the refusal's code, or null. */
async function checkComplete(uploadDir: string, xml: string): Promise<string | null> {
  const listed = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
    partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(match[1] ?? '')?.[1]),
    etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(match[1] ?? '')?.[1] ?? '')
      .replaceAll('&quot;', '')
      .replaceAll('"', ''),
  }));
  if (listed.length === 0) return 'MalformedXML';
  const stored = new Map((await storedParts(uploadDir)).map((part) => [part.partNumber, part]));
  for (const [index, part] of listed.entries()) {
    if (index > 0 && listed[index - 1]!.partNumber >= part.partNumber) return 'InvalidPartOrder';
    if (stored.get(part.partNumber)?.etag !== part.etag) return 'InvalidPart';
  }
  if (listed.slice(0, -1).some((part) => stored.get(part.partNumber)!.size < MIN_PART_BYTES)) {
    return 'EntityTooSmall';
  }
  return null;
}
