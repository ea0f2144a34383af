import type { MockPaperState, StartMockBody } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Starts a paper: a non-member spends one use here (40301 when none are left), never per item. */
export function startMock(body: StartMockBody): Promise<MockPaperState> {
  return post<MockPaperState>('/api/mock/papers', body);
}

export function useStartMock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMock,
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.mock.paper(state.id), state);
      // The uses left (header) and the records moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
      void queryClient.invalidateQueries({ queryKey: ['mock', 'records'] });
    },
  });
}
