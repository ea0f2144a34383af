/**
 * Which types are answered on screen (typed, chosen, ordered, highlighted), without zod:
 * `answers.ts` gives each its answer schema and re-exports these, so the exercise page, which asks
 * whether an item is written, loads no zod (issue 23).
 */
export const WRITTEN_TYPE_CODES = [
  'SWT',
  'WE',
  'RWFIB',
  'RMCM',
  'RO',
  'RFIB',
  'RMCS',
  'SST',
  'LMCM',
  'LFIB',
  'HCS',
  'LMCS',
  'SMW',
  'HIW',
  'WFD',
] as const;
export type WrittenTypeCode = (typeof WRITTEN_TYPE_CODES)[number];

export function isWrittenType(code: string): code is WrittenTypeCode {
  return (WRITTEN_TYPE_CODES as readonly string[]).includes(code);
}
