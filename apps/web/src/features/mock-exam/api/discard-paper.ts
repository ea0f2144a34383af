import type { MockPaperState } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { paperUrl } from './get-paper';

/** Gives an unfinished paper up (it leaves the records). */
export function discardPaper(paperId: string): Promise<MockPaperState> {
  return post<MockPaperState>(`${paperUrl(paperId)}/discard`, {});
}

export function useDiscardPaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardPaper,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.mock.all }),
  });
}
