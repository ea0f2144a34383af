import { z } from 'zod';

/**
 * Versions of the PTE Academic format. Each names both a test format (which item types exist and
 * how many appear) and the scoring profile that goes with it, so an old mock-exam report can still
 * be re-read with the rules it was taken under.
 */
export const PteVersionSchema = z
  .enum(['pte-2024', 'pte-2025-08'])
  .meta({ id: 'PteVersion', description: 'PTE 考试版本（2025 年 8 月改革前 / 后）' });
export type PteVersion = z.infer<typeof PteVersionSchema>;

/** The format in force today: the August 2025 update. */
export const CURRENT_PTE_VERSION: PteVersion = 'pte-2025-08';
