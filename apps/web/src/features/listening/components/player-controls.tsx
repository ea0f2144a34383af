import {
  PauseOutlined,
  CaretRightOutlined,
  RedoOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useEffect, useRef } from 'react';
import {
  REPEATS,
  SPEEDS,
  type PlayerSnapshot,
  type Repeat,
  type SentencePlayer,
  type Speed,
} from '../player/sentence-player';
import { nextRepeat, shortcutFor, SHORTCUTS, type ShortcutAction } from '../player/shortcuts';
import styles from './listening.module.css';

const STATUS_ZH: Record<PlayerSnapshot['status'], string> = {
  idle: '未播放',
  playing: '播放中',
  gap: '间隔中',
  paused: '已暂停',
};

export const repeatLabel = (repeat: Repeat) => (repeat === Infinity ? '∞' : `${repeat} 遍`);

export interface PlayerControlsProps {
  player: SentencePlayer;
  snapshot: PlayerSnapshot;
  sentenceCount: number;
  isTextShown: boolean;
  isTranslationShown: boolean;
  onToggleText: () => void;
  onToggleTranslation: () => void;
  /** A review card: one sentence only, no previous / next. */
  isSingleSentence?: boolean;
}

/**
 * The sentence player's own controls (no browser controls: they would play past the sentence):
 * previous / play-pause / next / replay, repeat 1/3/5/∞, the speed ladder, and the keyboard.
 */
export function PlayerControls({
  player,
  snapshot,
  sentenceCount,
  isTextShown,
  isTranslationShown,
  onToggleText,
  onToggleTranslation,
  isSingleSentence = false,
}: PlayerControlsProps) {
  const isRunning = snapshot.status === 'playing' || snapshot.status === 'gap';

  // The handlers read the latest props through a ref; the listener is installed once.
  const act = useRef<(action: ShortcutAction) => void>(() => undefined);
  useEffect(() => {
    act.current = (action) => {
      switch (action.type) {
        case 'toggle':
          return player.toggle();
        case 'replay':
          return player.replay();
        case 'previous':
          return isSingleSentence ? undefined : player.previous();
        case 'next':
          return isSingleSentence ? undefined : player.next();
        case 'speed':
          return player.setSpeed(action.speed);
        case 'cycle-repeat':
          return player.setRepeat(nextRepeat(snapshot.repeat));
        case 'toggle-text':
          return onToggleText();
        case 'toggle-translation':
          return onToggleTranslation();
      }
    };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && event.target instanceof HTMLElement) {
        if (event.target.matches('input, textarea')) event.target.blur();
        return;
      }
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      act.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className={styles.controls} role="group" aria-label="逐句播放">
      <div className={styles.transport}>
        {!isSingleSentence && (
          <Button
            icon={<StepBackwardOutlined />}
            aria-label="上一句"
            disabled={snapshot.index === 0}
            onClick={() => player.previous()}
          />
        )}
        <Button
          type="primary"
          shape="round"
          icon={isRunning ? <PauseOutlined /> : <CaretRightOutlined />}
          aria-label={isRunning ? '暂停' : '播放本句'}
          onClick={() => player.toggle()}
        >
          {isRunning ? '暂停' : '播放'}
        </Button>
        {!isSingleSentence && (
          <Button
            icon={<StepForwardOutlined />}
            aria-label="下一句"
            disabled={snapshot.index >= sentenceCount - 1}
            onClick={() => player.next()}
          />
        )}
        <Button icon={<RedoOutlined />} aria-label="重播本句" onClick={() => player.replay()} />
        <span className={styles.status} role="status" aria-label="播放状态">
          {isSingleSentence ? '本句' : `第 ${snapshot.index + 1} / ${sentenceCount} 句`} ·{' '}
          {STATUS_ZH[snapshot.status]}
          {snapshot.repeat !== 1 && snapshot.pass > 0 && (
            <>
              {' '}
              · 第 {snapshot.pass}
              {snapshot.repeat === Infinity ? '' : ` / ${snapshot.repeat}`} 遍
            </>
          )}
        </span>
      </div>
      {snapshot.isBlocked && (
        <p className={styles.warning} role="alert">
          浏览器没有开始播放，请再点一次「播放」。
        </p>
      )}
      <div className={styles.settings}>
        <div className={styles.setting}>
          <span aria-hidden="true">循环</span>
          <Segmented<Repeat>
            size="small"
            aria-label="循环次数"
            value={snapshot.repeat}
            options={REPEATS.map((repeat) => ({ label: repeatLabel(repeat), value: repeat }))}
            onChange={(repeat) => player.setRepeat(repeat)}
          />
        </div>
        <div className={styles.setting}>
          <span aria-hidden="true">语速</span>
          <Segmented<Speed>
            size="small"
            aria-label="语速"
            value={snapshot.speed}
            options={SPEEDS.map((speed) => ({ label: `${speed}×`, value: speed }))}
            onChange={(speed) => player.setSpeed(speed)}
          />
        </div>
        <span className={styles.toggles}>
          <Button size="small" aria-pressed={isTextShown} onClick={onToggleText}>
            {isTextShown ? '隐藏原文' : '显示原文'}
          </Button>
          <Button size="small" aria-pressed={isTranslationShown} onClick={onToggleTranslation}>
            {isTranslationShown ? '隐藏译文' : '显示译文'}
          </Button>
        </span>
      </div>
    </div>
  );
}

/** The keyboard shortcuts, always listed on the page. */
export function ShortcutHelp() {
  return (
    <section className={styles.help} aria-label="快捷键">
      <h3>快捷键</h3>
      <dl>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys}>
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{shortcut.labelZh}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
