/**
 * 资料's paths, without zod: `index.ts` builds the schemas and re-exports these, so the exercise
 * page, which asks what the learner's 资料 unlock, loads no zod (issue 23).
 */
export const materialPaths = {
  /** GET → MaterialList (public; `owned` when signed in). */
  list: '/api/materials',
  /** GET → MaterialDetail (public); 40401 unknown material. */
  detail: (id: number | string) => `/api/materials/${encodeURIComponent(String(id))}`,
  /** GET → application/pdf: the first pages of the first file, stamped 样张 (public). */
  sample: (id: number | string) => `/api/materials/${encodeURIComponent(String(id))}/sample.pdf`,
  /**
   * POST → MaterialDownloadLink (signed in); 40303 not bought; 40401 unknown material or file.
   * The link needs no session, works for a few minutes, and serves the PDF with the buyer's id.
   */
  downloadLink: (id: number | string, fileId: string) =>
    `/api/materials/${encodeURIComponent(String(id))}/files/${encodeURIComponent(fileId)}/link`,
  /** GET → MaterialUnlocks (signed in): what the learner's purchases open besides downloads. */
  unlocks: '/api/materials/unlocks',
} as const;
