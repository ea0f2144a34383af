import { itemTypes, type ItemTypeCode } from '@ninety/contract';

/** "3 小时 5 分钟"; under an hour just the minutes. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} 分钟`;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** 朗读 RA */
export const typeName = (type: ItemTypeCode) => `${itemTypes[type].nameZh} ${type}`;

/** "11月22日" from YYYY-MM-DD. */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(month)}月${Number(day)}日`;
}

/** A moment as a date and time in the learner's zone: "11月22日 21:05". */
export function formatInstant(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('zh-CN', {
    timeZone,
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
