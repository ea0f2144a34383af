import { useCallback, useEffect, useRef, useState } from 'react';
import { openMicrophone, type Microphone } from './capture';
import { microphoneProblem, type MicrophoneProblem } from './devices';
import { measureLevel, pushWaveform, type Level } from './level';

export type MicrophoneStatus = 'idle' | 'opening' | 'open' | 'error';

/** Blocks of 50 ms: 60 of them are the last 3 s, the strip the meter draws. */
export const WAVEFORM_SIZE = 60;
const SILENT: Level = { rms: 0, peak: 0 };

/**
 * The microphone for a page: opens on request (after a click, so the AudioContext may run), keeps
 * a live level and waveform for the meter, and closes when the page goes.
 */
export function useMicrophone() {
  const [microphone, setMicrophone] = useState<Microphone | null>(null);
  const [status, setStatus] = useState<MicrophoneStatus>('idle');
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  const [level, setLevel] = useState<Level>(SILENT);
  const [waveform, setWaveform] = useState<number[]>([]);
  const current = useRef<Microphone | null>(null);
  // Each open gets a number: one finishing after a newer open, or after unmount, closes itself.
  const generation = useRef(0);

  const close = useCallback(() => {
    generation.current += 1;
    current.current?.close();
    current.current = null;
    setMicrophone(null);
    setStatus('idle');
    setLevel(SILENT);
    setWaveform([]);
  }, []);

  const open = useCallback(
    async (deviceId?: string): Promise<Microphone | null> => {
      close();
      const mine = generation.current;
      setStatus('opening');
      setProblem(null);
      try {
        const opened = await openMicrophone(deviceId);
        if (mine !== generation.current) {
          opened.close();
          return null;
        }
        opened.listen((block) => {
          const next = measureLevel(block);
          setLevel(next);
          setWaveform((history) => pushWaveform(history, next.peak, WAVEFORM_SIZE));
        });
        current.current = opened;
        setMicrophone(opened);
        setStatus('open');
        return opened;
      } catch (error) {
        if (mine !== generation.current) return null;
        setProblem(microphoneProblem(error));
        setStatus('error');
        return null;
      }
    },
    [close],
  );

  useEffect(
    () => () => {
      generation.current += 1;
      current.current?.close();
    },
    [],
  );

  return { microphone, status, problem, level, waveform, open, close };
}
