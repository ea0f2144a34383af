import { Button, Select } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LevelMeter } from '../../components/level-meter';
import { MicrophoneHelp } from '../../components/microphone-help';
import { PageHeading } from '../../components/page-heading';
import { joinBlocks } from '../../lib/audio/capture';
import { displayLabel, inputDevices, type InputDevice } from '../../lib/audio/devices';
import { useMicrophone } from '../../lib/audio/use-microphone';
import { useObjectUrl } from '../../lib/audio/use-object-url';
import { CAPTURE_SAMPLE_RATE, encodeWav } from '../../lib/audio/wav';
import styles from './record-test.module.css';

/** The check records this long, then plays it back. */
export const TEST_RECORDING_SECONDS = 5;

async function listInputs(): Promise<InputDevice[]> {
  try {
    return inputDevices(await navigator.mediaDevices.enumerateDevices());
  } catch {
    // No mediaDevices (an insecure page) reads as no devices; opening says why.
    return [];
  }
}

/**
 * The microphone test (public): which inputs there are, a live level, and a 5-second recording
 * played back, with guidance when the browser or the system stands in the way.
 */
export function RecordTestPage() {
  const mic = useMicrophone();
  const [devices, setDevices] = useState<InputDevice[] | null>(null);
  const [deviceId, setDeviceId] = useState<string | undefined>();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [playbackUrl, setPlayback] = useObjectUrl();
  const playback = useRef<HTMLAudioElement>(null);
  const stopRecording = useRef<(() => void) | null>(null);

  const refresh = useCallback(async () => setDevices(await listInputs()), []);

  useEffect(() => {
    let isMounted = true;
    void listInputs().then((list) => {
      if (isMounted) setDevices(list);
    });
    const onChange = () => void refresh();
    navigator.mediaDevices?.addEventListener?.('devicechange', onChange);
    return () => {
      isMounted = false;
      navigator.mediaDevices?.removeEventListener?.('devicechange', onChange);
      stopRecording.current?.();
    };
  }, [refresh]);

  const open = async (id = deviceId) => {
    const opened = await mic.open(id);
    // Labels are only given once the page has the permission.
    await refresh();
    return opened;
  };

  const recordAndPlay = async () => {
    const opened = mic.microphone ?? (await open());
    if (!opened) return;
    setPlayback(null);
    const blocks: Float32Array[] = [];
    const unsubscribe = opened.listen((block) => blocks.push(block));
    setSecondsLeft(TEST_RECORDING_SECONDS);
    let left = TEST_RECORDING_SECONDS;
    const timer = setInterval(() => {
      left -= 1;
      setSecondsLeft(left);
      if (left > 0) return;
      finish();
      const samples = joinBlocks(blocks).subarray(0, TEST_RECORDING_SECONDS * CAPTURE_SAMPLE_RATE);
      setPlayback(new Blob([encodeWav(samples)], { type: 'audio/wav' }));
    }, 1000);
    const finish = () => {
      clearInterval(timer);
      unsubscribe();
      stopRecording.current = null;
      setSecondsLeft(null);
    };
    stopRecording.current = finish;
  };

  // Play the check back as soon as it is ready: that is the point of the page.
  useEffect(() => {
    if (playbackUrl) void playback.current?.play().catch(() => undefined);
  }, [playbackUrl]);

  const isRecording = secondsLeft !== null;
  const noDevices = devices !== null && devices.length === 0 && mic.status !== 'open';
  const problem = mic.problem ?? (noDevices ? 'not-found' : null);

  return (
    <>
      <PageHeading
        title="麦克风测试"
        description="口语练习前，先录一段话并回放，确认麦克风能正常收音。"
      />
      <div className={styles.card}>
        <section aria-label="输入设备">
          <h2 className={styles.heading}>输入设备</h2>
          {devices === null ? (
            <p>正在查找麦克风…</p>
          ) : (
            <ul className={styles.devices} aria-label="麦克风列表">
              {devices.map((device, index) => (
                <li key={device.deviceId || index}>{displayLabel(device.label, index)}</li>
              ))}
            </ul>
          )}
          {devices && devices.length > 1 && (
            <Select
              className={styles.select}
              aria-label="选择麦克风"
              placeholder="选择麦克风"
              value={deviceId}
              options={devices.map((device, index) => ({
                value: device.deviceId,
                label: displayLabel(device.label, index),
              }))}
              onChange={(id: string) => {
                setDeviceId(id);
                if (mic.status === 'open') void open(id);
              }}
            />
          )}
        </section>

        {problem && <MicrophoneHelp problem={problem} />}

        <section aria-label="音量" className={styles.level}>
          <h2 className={styles.heading}>音量</h2>
          {mic.microphone ? (
            <>
              <p>
                当前麦克风：<strong>{displayLabel(mic.microphone.label)}</strong>
              </p>
              <LevelMeter level={mic.level} waveform={mic.waveform} />
              <p className={styles.hint}>对着麦克风说话，绿色音量条应随声音跳动。</p>
            </>
          ) : (
            <p className={styles.hint}>点击“开始检测”，浏览器会请求使用麦克风，请选择“允许”。</p>
          )}
        </section>

        <div className={styles.actions}>
          {!mic.microphone && (
            <Button loading={mic.status === 'opening'} onClick={() => void open()}>
              开始检测
            </Button>
          )}
          <Button
            type="primary"
            disabled={isRecording || mic.status === 'opening'}
            onClick={() => void recordAndPlay()}
          >
            {isRecording
              ? `录音中…还剩 ${secondsLeft} 秒`
              : `录 ${TEST_RECORDING_SECONDS} 秒并回放`}
          </Button>
        </div>

        {playbackUrl && (
          <section aria-label="回放" className={styles.playback}>
            <h2 className={styles.heading}>回放</h2>
            <audio ref={playback} src={playbackUrl} controls aria-label="录音回放" />
            <p className={styles.hint}>
              能清楚听到自己的声音、没有明显杂音或断续，就可以开始口语练习了。
            </p>
          </section>
        )}
      </div>
    </>
  );
}
