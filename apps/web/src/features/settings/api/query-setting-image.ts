import {
  DEFAULT_PRACTICE_SETTINGS,
  type PracticeSettings,
  type SettingsResult,
} from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** Spec §7 querySettingImage: the learner's practice settings, defaults for what was never saved. */
export function fetchSettings(signal?: AbortSignal): Promise<SettingsResult> {
  return get<SettingsResult>('/api/user/querySettingImage', undefined, { signal });
}

export function settingsQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.settings.all,
    queryFn: ({ signal }) => fetchSettings(signal),
    // Without a token the call would answer 10006 and silence the page's later calls.
    enabled: hasToken,
    // Settings change only through this app's own save, which updates the cache.
    staleTime: 5 * 60_000,
  });
}

/** The saved settings with their loading state, for the settings form. */
export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/**
 * The settings to practise with: the saved ones when signed in and loaded, else the defaults, so a
 * caller never waits or handles a missing value.
 */
export function usePracticeSettings(): PracticeSettings {
  const { data } = useSettings();
  if (!data) return DEFAULT_PRACTICE_SETTINGS;
  const { updatedAt: _updatedAt, ...settings } = data;
  return settings;
}
