import type { SaveOrUpdateSettingBody, SettingsResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Spec §7 saveOrUpdateSetting: only the fields sent change; the answer is the whole result. */
export function saveSettings(body: SaveOrUpdateSettingBody): Promise<SettingsResult> {
  return post<SettingsResult>('/api/user/saveOrUpdateSetting', body);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.settings.all, settings);
      toast.success('设置已保存');
    },
  });
}
