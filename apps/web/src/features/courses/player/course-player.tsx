import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import {
  isHLSProvider,
  MediaPlayer,
  MediaProvider,
  Track,
  type MediaPlayerInstance,
  type MediaProviderAdapter,
} from '@vidstack/react';
import {
  DefaultVideoLayout,
  defaultLayoutIcons,
  type DefaultLayoutTranslations,
} from '@vidstack/react/player/layouts/default';
import Hls from 'hls.js';
import { forwardRef, useCallback, useImperativeHandle, useMemo, useRef } from 'react';

/**
 * Our player (ADR 0022): Vidstack's player and default layout (chapters, speed, subtitles,
 * keyboard, fullscreen) behind one small component, so the rest of the app never touches
 * Vidstack and a later switch (Video.js 10) changes this file only. hls.js comes from our own
 * bundle: Vidstack's default would fetch it from a CDN, which mainland learners may not reach.
 */

const TRANSLATIONS: Partial<DefaultLayoutTranslations> = {
  Audio: '音频',
  Auto: '自动',
  Captions: '字幕',
  'Caption Styles': '字幕样式',
  Chapters: '章节',
  'Closed-Captions Off': '关闭字幕',
  'Closed-Captions On': '打开字幕',
  Default: '默认',
  'Enter Fullscreen': '全屏',
  'Exit Fullscreen': '退出全屏',
  'Enter PiP': '画中画',
  'Exit PiP': '退出画中画',
  Fullscreen: '全屏',
  'Keyboard Animations': '快捷键动画',
  Loop: '循环',
  Mute: '静音',
  Normal: '正常',
  Off: '关',
  Pause: '暂停',
  Play: '播放',
  Playback: '播放',
  Quality: '清晰度',
  Replay: '重播',
  Reset: '重置',
  'Seek Backward': '后退',
  'Seek Forward': '前进',
  Seek: '进度',
  Settings: '设置',
  Speed: '倍速',
  Unmute: '取消静音',
  Volume: '音量',
  Accessibility: '无障碍',
  Announcements: '播报',
  Continue: '继续',
  Disabled: '不可用',
};

const SPEEDS = [0.75, 1, 1.25, 1.5, 2];

export interface CoursePlayerHandle {
  /** Where playback is now (seconds). */
  currentTime(): number;
  seek(seconds: number): void;
}

export interface CoursePlayerProps {
  title: string;
  playlistUrl: string;
  chaptersUrl: string;
  subtitlesUrl: string;
  posterUrl: string;
  /** Where to start (the saved position); applied once, when the media can play. */
  startAt: number;
  onTimeUpdate?: (seconds: number) => void;
  onPause?: (seconds: number) => void;
  onEnded?: (seconds: number) => void;
}

export const CoursePlayer = forwardRef<CoursePlayerHandle, CoursePlayerProps>(function CoursePlayer(
  {
    title,
    playlistUrl,
    chaptersUrl,
    subtitlesUrl,
    posterUrl,
    startAt,
    onTimeUpdate,
    onPause,
    onEnded,
  },
  ref,
) {
  const player = useRef<MediaPlayerInstance>(null);
  const started = useRef(false);

  useImperativeHandle(ref, () => ({
    currentTime: () => player.current?.currentTime ?? 0,
    seek: (seconds) => {
      if (player.current) player.current.currentTime = seconds;
    },
  }));

  // One object per playlist: Vidstack reloads the media when `src` changes identity, which reset
  // playback to 0:00 whenever the page re-rendered (a save, the signed-in user arriving).
  const src = useMemo(
    () => ({ src: playlistUrl, type: 'application/x-mpegurl' as const }),
    [playlistUrl],
  );

  const onProviderChange = useCallback((provider: MediaProviderAdapter | null) => {
    if (isHLSProvider(provider)) {
      provider.library = Hls;
      // The whole lesson (about a minute) at once: a member lesson's segment links last minutes
      // (ADR 0022), so nothing is left to fetch after a long pause.
      provider.config = { maxBufferLength: 600, maxMaxBufferLength: 600 };
    }
  }, []);

  const onCanPlay = useCallback(() => {
    if (started.current || !player.current) return;
    started.current = true;
    if (startAt > 0) player.current.currentTime = startAt;
  }, [startAt]);

  return (
    <MediaPlayer
      ref={player}
      title={title}
      src={src}
      poster={posterUrl}
      playsInline
      keyTarget="document"
      onProviderChange={onProviderChange}
      onCanPlay={onCanPlay}
      onTimeUpdate={(detail) => onTimeUpdate?.(detail.currentTime)}
      onPause={() => onPause?.(player.current?.currentTime ?? 0)}
      onEnded={() => onEnded?.(player.current?.currentTime ?? 0)}
      data-testid="course-player"
    >
      <MediaProvider>
        <Track kind="chapters" src={chaptersUrl} lang="zh-CN" label="章节" default />
        <Track kind="subtitles" src={subtitlesUrl} lang="zh-CN" label="中文" default />
      </MediaProvider>
      <DefaultVideoLayout
        icons={defaultLayoutIcons}
        translations={TRANSLATIONS}
        playbackRates={SPEEDS}
        thumbnails={undefined}
      />
    </MediaPlayer>
  );
});
