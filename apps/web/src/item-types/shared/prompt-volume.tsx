import { Slider } from 'antd';
import { createContext, useContext } from 'react';
import styles from './prompt-volume.module.css';

/**
 * The test's volume slider in the audio status box. A mock exam gives the volume (kept from item
 * to item, as the test keeps it); practice gives none, so its players have no slider and play at
 * the device's volume, as before.
 */
export interface PromptVolume {
  /** 0…1. */
  volume: number;
  setVolume: (volume: number) => void;
  label: string;
}

export const PromptVolumeContext = createContext<PromptVolume | null>(null);

/** The exam's volume (its players set it on their audio element); null in practice. */
export function usePromptVolume(): PromptVolume | null {
  return useContext(PromptVolumeContext);
}

export function VolumeSlider({ volume }: { volume: PromptVolume }) {
  return (
    <span className={styles.volume}>
      <span aria-hidden="true">{volume.label}</span>
      <Slider
        className={styles.volumeSlider}
        min={0}
        max={100}
        value={Math.round(volume.volume * 100)}
        onChange={(value: number) => volume.setVolume(value / 100)}
        tooltip={{ formatter: (value) => `${value ?? 0}%` }}
        ariaLabelForHandle={volume.label}
      />
    </span>
  );
}
