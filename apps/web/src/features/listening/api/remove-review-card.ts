import { listeningPaths, type ListeningCardRemoved } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** 掌握了: the card leaves the learner's review deck for good (its history stays). */
export function removeReviewCard(cardId: number): Promise<ListeningCardRemoved> {
  return del<ListeningCardRemoved>(listeningPaths.reviewCard(cardId));
}

export function useRemoveReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReviewCard,
    // The counts change at once; the round the learner is in keeps its own list of cards.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.listening.review }),
  });
}
