/**
 * Practice settings (spec §7 querySettingImage / saveOrUpdateSetting): the form for 个人中心 and
 * `usePracticeSettings()` for the exercise page (playback speed, auto-play, answer display).
 */
export { PracticeSettingsForm } from './components/practice-settings-form';
export {
  usePracticeSettings,
  useSettings,
  fetchSettings,
  settingsQueryOptions,
} from './api/query-setting-image';
export { saveSettings, useSaveSettings } from './api/save-or-update-setting';
