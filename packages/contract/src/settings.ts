import { z } from 'zod';
import { ANSWER_DISPLAYS, AVATAR_MAX_LENGTH, PLAYBACK_RATES } from './settings-data';

/**
 * Practice settings (spec §7 `querySettingImage`, `saveOrUpdateSetting`): how the exercise page
 * plays and shows things for this learner, and their avatar. The constants are in
 * `settings-data.ts` (no zod); this module builds the schemas and re-exports them.
 */
export * from './settings-data';

/**
 * An avatar is one of our own raster images under `/files/`: a relative path only (no scheme, so
 * no `javascript:` or another site), no `..` or hidden segments, a picture extension. SVG is left
 * out: a same-origin SVG opened on its own could run script.
 */
const AVATAR_PATH =
  /^\/files\/(?:[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\/)*[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.(?:png|jpe?g|webp|gif)$/i;

export const AvatarPathSchema = z
  .string()
  .max(AVATAR_MAX_LENGTH, `不能超过 ${AVATAR_MAX_LENGTH} 个字符`)
  .regex(AVATAR_PATH, '应为站内图片地址，如 /files/avatars/me.png（png、jpg、webp 或 gif）');

export const PracticeSettingsSchema = z
  .object({
    playbackRate: z
      .literal(PLAYBACK_RATES, { error: `只能是 ${PLAYBACK_RATES.join('、')} 之一` })
      .describe('音频播放速度：0.8、1 或 1.2'),
    autoPlayAudio: z.boolean().describe('进入题目后自动播放题目音频'),
    answerDisplay: z
      .enum(ANSWER_DISPLAYS)
      .describe('afterSubmit 提交后自动显示答案与解析；onRequest 点击后才显示'),
    avatar: AvatarPathSchema.nullable().describe('头像图片地址（/files/…）；null 使用默认头像'),
  })
  .meta({ id: 'PracticeSettings', description: '练习设置' });
export type PracticeSettings = z.infer<typeof PracticeSettingsSchema>;

/** A partial update: the fields sent replace the saved ones, the others stay as they were. */
export const SaveOrUpdateSettingBodySchema = PracticeSettingsSchema.partial()
  .strict()
  .meta({ id: 'SaveOrUpdateSettingBody', description: '修改部分或全部练习设置' });
export type SaveOrUpdateSettingBody = z.infer<typeof SaveOrUpdateSettingBodySchema>;

export const SettingsResultSchema = PracticeSettingsSchema.extend({
  updatedAt: z.iso.datetime().nullable().describe('上次保存时间；从未保存为 null'),
}).meta({ id: 'SettingsResult', description: '练习设置（未保存过的项为默认值）' });
export type SettingsResult = z.infer<typeof SettingsResultSchema>;
