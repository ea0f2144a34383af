import type { AddCommentInput, SharedAnswer } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §7 questionsComment/add: shares one of the learner's attempts; the server copies its score. */
export function addComment(body: AddCommentInput): Promise<SharedAnswer> {
  return post<SharedAnswer>('/api/questionsComment/add', body);
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (shared) => {
      void queryClient.invalidateQueries({
        queryKey: queryKeys.comments.sharedAnswers(shared.questionId),
      });
    },
  });
}
