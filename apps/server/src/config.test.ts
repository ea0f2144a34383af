import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('pglite://./data/db');
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(config.CORS_ORIGINS).toEqual([]);
    expect(config.LOG_LEVEL).toBe('info');
    expect(path.isAbsolute(config.WEB_DIST_DIR)).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['CORS_ORIGINS', 'not a url'],
    ['PUBLIC_BASE_URL', 'nowhere'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'true'],
  ])('fails loudly naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('sizes the speech engine from the machine by default and takes overrides', () => {
    const defaults = loadConfig({});
    expect(defaults.SPEECH_WORKERS).toBe(os.availableParallelism());
    expect(defaults.SPEECH_JOB_TIMEOUT_MS).toBe(30_000);
    expect(defaults.SPEECH_RECYCLE_AFTER_JOBS).toBe(50);
    expect(defaults.SPEECH_MAX_WORKER_MB).toBe(512);
    expect(defaults.SPEECH_MAX_QUEUED).toBe(os.availableParallelism() * 4);
    const set = loadConfig({
      SPEECH_WORKERS: '3',
      SPEECH_JOB_TIMEOUT_MS: '5000',
      SPEECH_RECYCLE_AFTER_JOBS: '10',
      SPEECH_MAX_WORKER_MB: '768',
    });
    expect([
      set.SPEECH_WORKERS,
      set.SPEECH_JOB_TIMEOUT_MS,
      set.SPEECH_RECYCLE_AFTER_JOBS,
      set.SPEECH_MAX_WORKER_MB,
      set.SPEECH_MAX_QUEUED,
    ]).toEqual([3, 5000, 10, 768, 12]);
    expect(loadConfig({ SPEECH_MAX_QUEUED: '0' }).SPEECH_MAX_QUEUED).toBe(0);
  });

  it.each([
    ['SPEECH_WORKERS', '0'],
    ['SPEECH_WORKERS', 'many'],
    ['SPEECH_JOB_TIMEOUT_MS', '10'],
    ['SPEECH_RECYCLE_AFTER_JOBS', '0'],
    ['SPEECH_MAX_WORKER_MB', '1.5'],
    ['SPEECH_MAX_QUEUED', '-1'],
  ])('refuses %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('parses a comma-separated origin list and trims the base URL', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      PUBLIC_BASE_URL: 'https://ninety.example.com/',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.PUBLIC_BASE_URL).toBe('https://ninety.example.com');
  });

  it('accepts PostgreSQL and PGlite URLs', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/ninety' }).DATABASE_URL,
    ).toMatch(/^postgres:/);
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/ninety' }).DATABASE_URL).toMatch(
      /^postgresql:/,
    );
    expect(loadConfig({ DATABASE_URL: 'pglite://memory' }).DATABASE_URL).toBe('pglite://memory');
  });
});
