import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, type ObjectStorage } from './object-storage';

/**
 * The default object storage: files under a directory, served by the app itself under the public
 * material path (see plugins/media.ts). Good for one machine; production with several uses the
 * S3-compatible adapter.
 */
export class LocalDiskStorage implements ObjectStorage {
  constructor(
    readonly root: string,
    private readonly publicPath: string,
  ) {}

  private fileOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async putIfChanged(key: string, data: Uint8Array): Promise<boolean> {
    const file = this.fileOf(key);
    try {
      const existing = await readFile(file);
      if (Buffer.compare(existing, data) === 0) return false;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
    return true;
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(key))).isFile();
    } catch {
      return false;
    }
  }

  publicUrl(key: string): string {
    assertObjectKey(key);
    return `${this.publicPath}/${key}`;
  }
}
