import { materialPaths, type MaterialDownloadLink } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** A short signed link to the buyer's own copy of one file (stamped with their id). */
export function createDownloadLink(
  materialId: number,
  fileId: string,
): Promise<MaterialDownloadLink> {
  return post<MaterialDownloadLink>(materialPaths.downloadLink(materialId, fileId));
}

export function useCreateDownloadLink() {
  return useMutation({
    mutationFn: ({ materialId, fileId }: { materialId: number; fileId: string }) =>
      createDownloadLink(materialId, fileId),
  });
}
