import { createServer, type Socket } from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, it } from 'vitest';
import { MultipartUploadError } from './object-storage';
import { s3ClientConfig, S3Storage, type S3StorageOptions } from './s3-storage';

const options: S3StorageOptions = {
  endpoint: 'https://cos.ap-nanjing.myqcloud.com',
  region: 'ap-nanjing',
  bucket: 'ninety-1250000000',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'example-secret',
  forcePathStyle: false,
  publicBaseUrl: 'https://media.example.com/',
};

/** Query parameters of the SDK's flexible checksums, which S3-compatible stores refuse. */
const checksumParams = (url: string) =>
  [...new URL(url).searchParams.keys()].filter((name) => /checksum/i.test(name));

describe('S3Storage without a store (no request is made)', () => {
  const storage = new S3Storage(options);
  afterAll(() => storage.close());

  it('presigns part uploads with no checksum in them (next-features.md §8)', async () => {
    const url = await storage.multipart.partUrl('uploads/7/a.png', 'upload-1', 3, 900);
    const parsed = new URL(url);
    expect(parsed.host).toBe('ninety-1250000000.cos.ap-nanjing.myqcloud.com');
    expect(parsed.searchParams.get('partNumber')).toBe('3');
    expect(parsed.searchParams.get('uploadId')).toBe('upload-1');
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(checksumParams(url)).toEqual([]);
    expect(parsed.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
  });

  it('presigns a PUT and a GET with no checksum either', async () => {
    // The same client settings, used the way any presigned PUT would be.
    const client = new S3Client(s3ClientConfig(options, options.endpoint));
    const put = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: options.bucket, Key: 'uploads/7/b.png' }),
      { expiresIn: 60 },
    );
    client.destroy();
    expect(checksumParams(put)).toEqual([]);
    expect(checksumParams(await storage.privateUrl('recordings/x.wav', 300))).toEqual([]);
  });

  it('the SDK default would sign a checksum into the URL: the setting is what prevents it', async () => {
    const {
      requestChecksumCalculation: _r,
      responseChecksumValidation: _v,
      ...rest
    } = s3ClientConfig(options, options.endpoint);
    const client = new S3Client(rest);
    const put = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: options.bucket, Key: 'uploads/7/b.png' }),
      { expiresIn: 60 },
    );
    client.destroy();
    expect(checksumParams(put)).not.toEqual([]);
  });

  it('loads public objects from the public material host', () => {
    expect(storage.publicUrl('bank/audio/rs/rs-0001.mp3')).toBe(
      'https://media.example.com/bank/audio/rs/rs-0001.mp3',
    );
  });

  it('refuses a part number S3 would not take, and a duplicate in the complete list', async () => {
    await expect(storage.multipart.partUrl('uploads/7/a.png', 'u', 0, 60)).rejects.toBeInstanceOf(
      MultipartUploadError,
    );
    await expect(storage.multipart.partUrl('uploads/7/a.png', 'u', 10_001, 60)).rejects.toThrow();
    await expect(
      storage.multipart.complete('uploads/7/a.png', 'u', [
        { partNumber: 1, etag: 'a' },
        { partNumber: 1, etag: 'a' },
      ]),
    ).rejects.toMatchObject({ failure: 'InvalidPartOrder' });
  });
});

describe('S3Storage with a store that cannot be reached', () => {
  it('answers 50300 with a Chinese message, for reads, writes and uploads alike', async () => {
    // A port that was free a moment ago: connections are refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const storage = new S3Storage({
      ...options,
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      maxAttempts: 1,
    });
    const down = { code: 50300, httpStatus: 503, message: '文件存储暂时不可用，请稍后重试' };
    await expect(storage.put('bank/a.mp3', new Uint8Array(3), 'audio/mpeg')).rejects.toMatchObject(
      down,
    );
    await expect(storage.get('bank/a.mp3')).rejects.toMatchObject(down);
    await expect(storage.exists('bank/a.mp3')).rejects.toMatchObject(down);
    await expect(
      storage.putIfChanged('bank/a.mp3', new Uint8Array(3), 'audio/mpeg'),
    ).rejects.toMatchObject(down);
    await expect(storage.removePrefix('uploads/7/')).rejects.toMatchObject(down);
    await expect(storage.multipart.create('uploads/7/a.png', 'image/png')).rejects.toMatchObject(
      down,
    );
    await expect(storage.multipart.listParts('uploads/7/a.png', 'u')).rejects.toMatchObject(down);
    storage.close();
  });

  it('gives up on a store that accepts the connection but never answers (request timeout)', async () => {
    const openSockets: Socket[] = [];
    const silent = createServer((socket) => {
      openSockets.push(socket);
      socket.on('error', () => undefined);
    });
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)),
    );
    const storage = new S3Storage({
      ...options,
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      maxAttempts: 1,
      requestTimeoutMs: 300,
    });
    await expect(storage.get('bank/a.mp3')).rejects.toMatchObject({ code: 50300 });
    storage.close();
    await new Promise<void>((resolve) => {
      silent.close(() => resolve());
      for (const socket of openSockets) socket.destroy();
    });
  });
});
