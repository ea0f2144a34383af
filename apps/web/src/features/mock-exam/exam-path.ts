/** The full-screen exam's address for a paper (the spec's route has no parameter: a query). */
export function examPath(paperId: string): string {
  return `/PTE-MockExam?id=${encodeURIComponent(paperId)}`;
}
