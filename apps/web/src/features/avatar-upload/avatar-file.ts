import { UPLOAD_RULES } from '@ninety/contract';

const rule = UPLOAD_RULES.avatar;

/** The `accept` of the file input: the image types an avatar may be. */
export const AVATAR_ACCEPT = Object.keys(rule.types).join(',');

const MAX_MB = rule.maxBytes / 1024 / 1024;

/**
 * Why a chosen file cannot be an avatar, or null. Checked before sending anything so the learner
 * hears at once; the server checks the same rules (and the content) again.
 */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(file.type in rule.types)) return '不支持的图片格式：请选择 png、jpg、webp 或 gif 图片';
  if (file.size === 0) return '图片是空的，请重新选择';
  if (file.size > rule.maxBytes) return `图片过大：不能超过 ${MAX_MB} MB`;
  return null;
}
