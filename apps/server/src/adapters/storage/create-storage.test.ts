import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createStorage, storageOrigins } from './create-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';

const cos = {
  STORAGE_PROVIDER: 's3',
  S3_ENDPOINT: 'https://cos.ap-nanjing.myqcloud.com',
  S3_REGION: 'ap-nanjing',
  S3_BUCKET: 'ninety-1250000000',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'example-secret',
  S3_PUBLIC_BASE_URL: 'https://media.example.com',
};

describe('storage configuration', () => {
  it('keeps the local disk by default', async () => {
    const config = loadConfig({ STORAGE_DIR: path.join(os.tmpdir(), `ninety-${randomUUID()}`) });
    expect(config.STORAGE_PROVIDER).toBe('local');
    expect(await createStorage(config)).toBeInstanceOf(LocalDiskStorage);
    expect(storageOrigins(config)).toEqual([]);
  });

  it('names every S3 variable that STORAGE_PROVIDER=s3 is missing', () => {
    const error = (() => {
      try {
        loadConfig({ STORAGE_PROVIDER: 's3', S3_ENDPOINT: 'https://cos.example.com' });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of [
      'S3_REGION',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PUBLIC_BASE_URL',
    ]) {
      expect((error as Error).message).toContain(`${name}: required when STORAGE_PROVIDER=s3`);
    }
    expect(() => loadConfig({ ...cos, S3_PUBLIC_BASE_URL: 'media host' })).toThrow(
      /S3_PUBLIC_BASE_URL:/,
    );
  });

  it('builds the S3 store and lets pages load from the material host and the bucket', async () => {
    const config = loadConfig(cos);
    const storage = await createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    storage.close?.();
    expect(storageOrigins(config)).toEqual([
      'https://media.example.com',
      'https://ninety-1250000000.cos.ap-nanjing.myqcloud.com',
    ]);
    expect(
      storageOrigins(
        loadConfig({
          ...cos,
          S3_ENDPOINT: 'http://minio:9000',
          S3_PRESIGN_ENDPOINT: 'https://s3.example.com',
          S3_FORCE_PATH_STYLE: 'true',
        }),
      ),
    ).toEqual(['https://media.example.com', 'https://s3.example.com']);
  });
});
