import type { MaterialKind, MaterialSummary } from '@ninety/contract';

export const KIND_ZH: Record<MaterialKind, string> = { topic: '专题', pack: '资料包' };

/** Fen as the price is shown: ¥19.90. */
export const formatYuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** A PDF's size: 356 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A topic's page is SpecialTopic, a pack's CourseDetails (spec route table). */
export const materialDetailPath = (material: Pick<MaterialSummary, 'id' | 'kind'>) =>
  material.kind === 'topic'
    ? `/material/SpecialTopic/${material.id}`
    : `/material/CourseDetails/${material.id}`;

export const materialPurchasePath = (id: number) => `/material/purchase/${id}`;
