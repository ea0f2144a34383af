import type { LearningProfile, LearningProfileUpdate } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Saves the fields sent (null clears one); the answer is the whole profile. */
export function saveLearningProfile(body: LearningProfileUpdate): Promise<LearningProfile> {
  return post<LearningProfile>('/api/learning-centre/profile', body);
}

/** A new zone or goal changes every figure and the plan: all of 学习中心 is fetched again. */
export function useSaveLearningProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLearningProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.learningCentre.profile, profile);
      toast.success('已保存');
      await queryClient.invalidateQueries({ queryKey: queryKeys.learningCentre.all });
    },
  });
}
