import {
  DEFAULT_PRACTICE_SETTINGS,
  PracticeSettingsSchema,
  type SettingsResult,
} from '@ninety/contract';
import type { SettingsRow } from './settings.repository';

/**
 * Saved fields over the defaults. A stored field that no longer passes the schema (a value an
 * older version allowed) falls back to its default instead of breaking the learner's page.
 */
export function toSettingsResult(row: SettingsRow | null): SettingsResult {
  const saved = (row?.settings ?? {}) as Record<string, unknown>;
  const result: SettingsResult = { ...DEFAULT_PRACTICE_SETTINGS, updatedAt: null };
  const fields = PracticeSettingsSchema.shape;
  for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
    if (!(key in saved)) continue;
    const parsed = fields[key].safeParse(saved[key]);
    if (parsed.success) Object.assign(result, { [key]: parsed.data });
  }
  result.updatedAt = row ? row.updatedAt.toISOString() : null;
  return result;
}
