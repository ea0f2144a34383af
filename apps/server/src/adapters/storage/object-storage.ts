/**
 * Where media live: the question bank's audio and images now, learners' recordings later. Keys
 * are relative paths (`bank/audio/rs/rs-0001.mp3`); what a client fetches is `publicUrl(key)`.
 */
export interface ObjectStorage {
  /** Stores `data` under `key` unless an identical object is there; says whether it wrote. */
  putIfChanged(key: string, data: Uint8Array, contentType: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a key that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** The URL path or absolute URL a browser loads the object from. */
  publicUrl(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Object keys are plain relative paths: no leading slash, no `..`, no empty segments. */
export function assertObjectKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`invalid object key "${key}"`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
