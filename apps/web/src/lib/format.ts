/**
 * Practice counts (spec §9): under 10 000 as "n次", otherwise in 万 with one decimal, rounded
 * half up ("1.0万次", "1.2万次").
 */
export function formatCount(count: number): string {
  if (count < 10_000) return `${count}次`;
  // Rounding on thousands avoids the binary-fraction surprises of toFixed (e.g. 1.25 → "1.2").
  return `${(Math.round(count / 1_000) / 10).toFixed(1)}万次`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * "刚刚" under a minute (and for times in the future), else the largest whole unit:
 * 分钟, 小时, 天, 周, 个月 (30 days), 年 (365 days).
 */
export function relativeTime(
  date: Date | number | string,
  now: Date | number = Date.now(),
): string {
  const elapsed = new Date(now).getTime() - new Date(date).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return '刚刚';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分钟前`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}小时前`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}天前`;
  if (elapsed < MONTH) return `${Math.floor(elapsed / WEEK)}周前`;
  if (elapsed < YEAR) return `${Math.floor(elapsed / MONTH)}个月前`;
  return `${Math.floor(elapsed / YEAR)}年前`;
}
