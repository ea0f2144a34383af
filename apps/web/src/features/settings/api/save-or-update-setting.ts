import type { SaveOrUpdateSettingBody, SettingsResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { settingsQueryKey } from './query-setting-image';

/** Spec §7 saveOrUpdateSetting: only the fields sent change; the answer is the whole result. */
export function saveSettings(body: SaveOrUpdateSettingBody): Promise<SettingsResult> {
  return post<SettingsResult>('/api/user/saveOrUpdateSetting', body);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      toast.success('设置已保存');
    },
  });
}
