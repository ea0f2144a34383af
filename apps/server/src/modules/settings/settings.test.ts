import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PRACTICE_SETTINGS, ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Practice settings through the API: defaults for a new learner, partial saves that merge (also
 * when two arrive together), each value checked with the field named, and avatars that must be
 * our own existing images.
 */

let app: App;
let config: Config;
let database: Database;
const clock = testClock();

beforeAll(async () => {
  config = testConfig();
  database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
});
afterAll(async () => {
  await app.close();
});

const newLearner = async () => (await createLearner(database.db, { now: clock.now() })).token;
const query = (token: string | undefined) =>
  app.inject({
    method: 'GET',
    url: '/api/user/querySettingImage',
    headers: token ? { token } : {},
  });
const save = (token: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/user/saveOrUpdateSetting',
    headers: token ? { token } : {},
    payload: payload as Record<string, unknown>,
  });

/** An image in the app's own media storage, served at the returned /files path. */
async function storedImage(extension = 'png'): Promise<string> {
  const key = `avatars/test-${randomUUID()}.${extension}`;
  const file = path.join(path.resolve(config.STORAGE_DIR), key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  return `/files/${key}`;
}

describe('querySettingImage and saveOrUpdateSetting', () => {
  it('gives a new learner the defaults', async () => {
    const response = await query(await newLearner());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...DEFAULT_PRACTICE_SETTINGS, updatedAt: null });
  });

  it('saves some fields and keeps the others', async () => {
    const token = await newLearner();
    const first = await save(token, { playbackRate: 1.2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ ...DEFAULT_PRACTICE_SETTINGS, playbackRate: 1.2 });
    expect(first.json().data.updatedAt).toBe(clock.now().toISOString());

    await save(token, { autoPlayAudio: false, answerDisplay: 'onRequest' });
    expect((await query(token)).json().data).toMatchObject({
      playbackRate: 1.2,
      autoPlayAudio: false,
      answerDisplay: 'onRequest',
      avatar: null,
    });
    // Back to normal speed; an empty change leaves everything as it was.
    await save(token, { playbackRate: 1 });
    await save(token, {});
    expect((await query(token)).json().data).toMatchObject({
      playbackRate: 1,
      autoPlayAudio: false,
      answerDisplay: 'onRequest',
    });
  });

  it('keeps both of two saves that arrive together', async () => {
    const token = await newLearner();
    const responses = await Promise.all([
      save(token, { playbackRate: 0.8 }),
      save(token, { autoPlayAudio: false }),
      save(token, { answerDisplay: 'onRequest' }),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect((await query(token)).json().data).toMatchObject({
      playbackRate: 0.8,
      autoPlayAudio: false,
      answerDisplay: 'onRequest',
    });
  });

  it('takes an avatar from our own media and can go back to the default', async () => {
    const token = await newLearner();
    const avatar = await storedImage();
    const saved = await save(token, { avatar });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await query(token)).json().data.avatar).toBe(avatar);
    await save(token, { avatar: null });
    expect((await query(token)).json().data.avatar).toBeNull();
  });

  it('is each learner’s own', async () => {
    const a = await newLearner();
    const b = await newLearner();
    await save(a, { playbackRate: 0.8 });
    expect((await query(b)).json().data.playbackRate).toBe(1);
  });

  it.each([
    { case: 'an unknown speed', payload: { playbackRate: 1.5 }, field: 'playbackRate' },
    { case: 'a speed as text', payload: { playbackRate: '1.2' }, field: 'playbackRate' },
    { case: 'auto-play as text', payload: { autoPlayAudio: 'yes' }, field: 'autoPlayAudio' },
    {
      case: 'an unknown answer display',
      payload: { answerDisplay: 'never' },
      field: 'answerDisplay',
    },
    { case: 'a javascript: avatar', payload: { avatar: 'javascript:alert(1)' }, field: 'avatar' },
    {
      case: 'an avatar on another site',
      payload: { avatar: 'https://example.com/a.png' },
      field: 'avatar',
    },
    {
      case: 'a protocol-relative avatar',
      payload: { avatar: '//example.com/files/a.png' },
      field: 'avatar',
    },
    { case: 'an avatar outside /files', payload: { avatar: '/api/a.png' }, field: 'avatar' },
    { case: 'an avatar with ..', payload: { avatar: '/files/../secret.png' }, field: 'avatar' },
    { case: 'an SVG avatar', payload: { avatar: '/files/avatars/a.svg' }, field: 'avatar' },
    {
      case: 'an avatar that is not there',
      payload: { avatar: '/files/no/such.png' },
      field: 'avatar',
    },
    {
      case: 'an overlong avatar',
      payload: { avatar: `/files/${'a'.repeat(300)}.png` },
      field: 'avatar',
    },
  ])('refuses $case with 40001 naming $field, saving nothing', async ({ payload, field }) => {
    const token = await newLearner();
    const response = await save(token, { playbackRate: 0.8, ...payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe(ErrorCode.InvalidInput);
    expect(response.json().msg).toContain(`请求体字段 ${field} 无效`);
    expect((await query(token)).json().data.updatedAt).toBeNull();
  });

  it('refuses an unknown field and a body that is not an object', async () => {
    const token = await newLearner();
    const unknown = await save(token, { playbackSpeed: 1.2 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('请求体包含未知字段：playbackSpeed');
    const list = await save(token, [1]);
    expect(list.statusCode).toBe(400);
    expect(list.json().code).toBe(ErrorCode.InvalidInput);
  });

  it('needs a signed-in learner', async () => {
    expect((await query(undefined)).statusCode).toBe(401);
    const response = await save(undefined, { playbackRate: 1.2 });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ErrorCode.TokenMissing);
  });
});
