import type { DeletedComment } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Takes down one of the learner's own shares. */
export function deleteComment(id: string): Promise<DeletedComment> {
  return post<DeletedComment>('/api/questionsComment/delete', { id });
}

export function useDeleteComment(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (deleted) => {
      toast.success('已删除分享');
      void queryClient.invalidateQueries({
        queryKey: queryKeys.comments.sharedAnswers(questionId),
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.detail(deleted.id) });
    },
  });
}
