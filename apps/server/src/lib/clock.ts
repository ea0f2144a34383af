/** Services take a clock so tests can move time instead of waiting for it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date `YYYY-MM-DD` of an instant in a time zone (the product counts days in Beijing). */
export function localDate(date: Date, timeZone: string): string {
  // Building a formatter costs ~0.1 ms, more than the bank's cached list calls take otherwise.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** `YYYY-MM-DD` plus or minus whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
