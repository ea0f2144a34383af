import {
  itemTypes,
  type ListeningLength,
  type ListeningMode,
  type ListeningSource,
  type ListeningStatus,
} from '@ninety/contract';

export function sourceLabel(source: ListeningSource): string {
  return source === 'passage' ? '长篇讲座 / 讨论' : `${itemTypes[source].nameZh} ${source}`;
}

export const LENGTH_ZH: Record<ListeningLength, string> = {
  short: '15 秒以内',
  medium: '15 – 60 秒',
  long: '1 分钟以上',
};

export const STATUS_ZH: Record<ListeningStatus, string> = {
  not_started: '未开始',
  in_progress: '进行中',
  done: '已完成',
};

export const MODE_ZH: Record<ListeningMode, string> = {
  dictation: '听写',
  shadowing: '跟读',
};

/** 75 → "1:15". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
