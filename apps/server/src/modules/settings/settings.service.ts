import {
  MEDIA_PATH_PREFIX,
  type SaveOrUpdateSettingBody,
  type SettingsResult,
} from '@ninety/contract';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Db } from '../../db/client';
import { invalidBodyField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUsableBy } from '../uploads/uploads.service';
import { toSettingsResult } from './settings.mapper';
import { findSettings, mergeSettings } from './settings.repository';

export interface SettingsDeps {
  db: Db;
  clock: Clock;
  storage: ObjectStorage;
}

/** Spec §7 querySettingImage: the learner's practice settings, defaults for what was never saved. */
export async function querySettings(deps: SettingsDeps, userId: number): Promise<SettingsResult> {
  return toSettingsResult(await findSettings(deps.db, userId));
}

/**
 * Spec §7 saveOrUpdateSetting: the fields sent replace the saved ones, the rest stay. The contract
 * has checked each value's form; an avatar must also be a file we actually hold, so the page never
 * shows a broken picture.
 */
export async function saveSettings(
  deps: SettingsDeps,
  userId: number,
  body: SaveOrUpdateSettingBody,
): Promise<SettingsResult> {
  if (typeof body.avatar === 'string') {
    const key = body.avatar.slice(MEDIA_PATH_PREFIX.length);
    // A learner's upload is theirs alone: another learner's avatar path is refused even though
    // the file exists.
    if (!isUsableBy(key, userId)) throw invalidBodyField('avatar', '只能使用自己上传的图片');
    if (!(await deps.storage.exists(key))) throw invalidBodyField('avatar', '图片不存在');
  }
  // Only fields present in the body; `undefined` would not survive jsonb anyway.
  const changes = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  );
  return toSettingsResult(await mergeSettings(deps.db, userId, changes, deps.clock.now()));
}
