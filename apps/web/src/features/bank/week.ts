/** Monday and Sunday of an ISO week (`2026-W47`), as `M月D日` for the 高频 page. */
export function weekRange(week: string): string {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return week;
  const year = Number(match[1]);
  const weekNumber = Number(match[2]);
  // Week 1 holds January 4th; its Monday starts the ISO year.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4);
  monday.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() || 7) - 1) + (weekNumber - 1) * 7);
  const sunday = new Date(monday);
  sunday.setUTCDate(monday.getUTCDate() + 6);
  const format = (date: Date) => `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
  return `${format(monday)}–${format(sunday)}`;
}

/** "本周", "上周" or "N 周前", counted from the current ISO week. */
export function weekName(week: string, currentWeek: string): string {
  const toIndex = (value: string) => {
    const match = /^(\d{4})-W(\d{2})$/.exec(value);
    if (!match) return NaN;
    // Weeks since an epoch Monday; exact enough to tell "this", "last" and "N weeks ago" apart.
    const year = Number(match[1]);
    const jan4 = Date.UTC(year, 0, 4);
    const mondayOfWeek1 = jan4 - ((new Date(jan4).getUTCDay() || 7) - 1) * 86_400_000;
    return Math.round(mondayOfWeek1 / (7 * 86_400_000)) + Number(match[2]) - 1;
  };
  const difference = toIndex(currentWeek) - toIndex(week);
  if (difference === 0) return '本周';
  if (difference === 1) return '上周';
  return Number.isFinite(difference) ? `${difference}周前` : week;
}
