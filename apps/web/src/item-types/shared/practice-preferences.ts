import { DEFAULT_PRACTICE_SETTINGS, type PracticeSettings } from '@ninety/contract';
import { createContext, useContext } from 'react';

/**
 * The learner's practice settings as the renderers need them (playback speed, auto-play). The
 * exercise provides them; a renderer outside one (tests, previews) gets the defaults.
 */
export const PracticePreferencesContext =
  createContext<PracticeSettings>(DEFAULT_PRACTICE_SETTINGS);

export function usePracticePreferences(): PracticeSettings {
  return useContext(PracticePreferencesContext);
}
