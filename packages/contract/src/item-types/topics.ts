import { z } from 'zod';

/**
 * The topic tags of the bank, with the Chinese names the UI shows. A fixed list keeps tags
 * consistent across authors ("environment", never "Environment" or "ecology") so filters work.
 */
export const topicNames = {
  environment: '环境',
  biology: '生物',
  health: '健康医学',
  psychology: '心理',
  education: '教育',
  campus: '校园生活',
  technology: '科技',
  science: '科学',
  space: '天文航天',
  history: '历史',
  economics: '经济',
  business: '商业',
  work: '职场',
  society: '社会',
  culture: '文化',
  arts: '艺术',
  geography: '地理',
  transport: '交通',
  'urban life': '城市生活',
  energy: '能源',
  food: '饮食农业',
  language: '语言',
  media: '媒体',
  'daily life': '日常生活',
  sport: '体育',
  law: '法律',
} as const;

export type Topic = keyof typeof topicNames;
export const TopicSchema = z
  .enum(Object.keys(topicNames) as [Topic, ...Topic[]])
  .meta({ id: 'Topic', description: '话题标签' });
