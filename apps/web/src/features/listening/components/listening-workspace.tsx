import type {
  ListeningMaterialDetail,
  ListeningMode,
  ListeningSentence,
  ListeningSentenceScore,
} from '@ninety/contract';
import { Segmented } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isSignedIn } from '../../../lib/session';
import { useSaveProgress } from '../api/save-progress';
import { formatDuration, MODE_ZH, sourceLabel, STATUS_ZH } from '../labels';
import type { SentencePlayer, PlayerSnapshot } from '../player/sentence-player';
import { useSentencePlayer } from '../player/use-sentence-player';
import { DictationPanel } from './dictation-panel';
import styles from './listening.module.css';
import { PlayerControls, ShortcutHelp } from './player-controls';
import { ShadowingPanel } from './shadowing-panel';

/** A move to another sentence or mode is saved this long after it settles (arrow keys repeat). */
const SAVE_DELAY_MS = 800;

/** The sentence as text, or hidden until revealed (blind listening), with its translation. */
export function SentenceText({
  sentence,
  isTextShown,
  isTranslationShown,
  onReveal,
}: {
  sentence: ListeningSentence;
  isTextShown: boolean;
  isTranslationShown: boolean;
  onReveal: () => void;
}) {
  return (
    <div className={styles.sentence} aria-live="polite">
      <p className={styles.sentenceLabel}>
        第 {sentence.index + 1} 句{sentence.speaker ? ` · 说话人 ${sentence.speaker}` : ''}
      </p>
      {isTextShown ? (
        <p className={styles.sentenceText} lang="en">
          {sentence.text}
        </p>
      ) : (
        <button type="button" className={styles.hiddenText} onClick={onReveal}>
          原文已隐藏（盲听），点击或按 T 显示
        </button>
      )}
      {isTranslationShown && (
        <p className={styles.translation}>{sentence.translationZh ?? '本材料暂无译文'}</p>
      )}
    </div>
  );
}

function scoreText(score: ListeningSentenceScore | undefined): string {
  if (!score) return '';
  const parts = [];
  if (score.dictation) parts.push(`听写 ${score.dictation.score}/${score.dictation.max}`);
  if (score.shadowing) parts.push(`跟读 ${score.shadowing.score}/${score.shadowing.max}`);
  return parts.join(' · ');
}

function SentenceList({
  sentences,
  scores,
  snapshot,
  player,
  isTextShown,
}: {
  sentences: readonly ListeningSentence[];
  scores: readonly ListeningSentenceScore[];
  snapshot: PlayerSnapshot;
  player: SentencePlayer;
  isTextShown: boolean;
}) {
  const byIndex = new Map(scores.map((score) => [score.index, score]));
  return (
    <ol className={styles.sentenceList} aria-label="全部句子">
      {sentences.map((sentence) => {
        const score = byIndex.get(sentence.index);
        return (
          <li key={sentence.index}>
            <button
              type="button"
              className={styles.sentenceRow}
              aria-current={sentence.index === snapshot.index ? 'true' : undefined}
              onClick={() => player.play(sentence.index)}
            >
              <span className={styles.sentenceNumber}>{sentence.index + 1}</span>
              <span className={styles.sentenceRowText}>
                {isTextShown ? sentence.text : '••••••'}
              </span>
              {score && <span className={styles.sentenceScore}>{scoreText(score)}</span>}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The details page's work area: the recording on a plain `<audio>` (no browser controls), the
 * sentence player, 听写 or 跟读 for the sentence on screen, every sentence with its last scores,
 * and the shortcuts. Where the learner is (sentence and mode) is saved on the server, so another
 * device opens the material there.
 */
export function ListeningWorkspace({ material }: { material: ListeningMaterialDetail }) {
  const cues = useMemo(() => material.sentences, [material.sentences]);
  const { player, snapshot, audioRef } = useSentencePlayer({ cues });
  const progress = material.progress;
  const [mode, setMode] = useState<ListeningMode>(progress?.mode ?? 'dictation');
  const [isTextShown, setIsTextShown] = useState(false);
  const [isTranslationShown, setIsTranslationShown] = useState(false);
  const saveProgress = useSaveProgress();

  // Continue where the learner stopped, on this device or another.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const position = progress?.position ?? 0;
    if (position > 0) player.select(Math.min(position, cues.length - 1));
  }, [player, progress, cues.length]);

  // Save the position and mode once they settle (not the restored ones).
  const saved = useRef({ position: progress?.position ?? 0, mode: progress?.mode ?? 'dictation' });
  const save = saveProgress.mutate;
  useEffect(() => {
    if (!isSignedIn()) return;
    if (saved.current.position === snapshot.index && saved.current.mode === mode) return;
    const timer = setTimeout(() => {
      saved.current = { position: snapshot.index, mode };
      save({ materialId: material.id, position: snapshot.index, mode });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapshot.index, mode, material.id, save]);

  const sentence = material.sentences[snapshot.index] ?? material.sentences[0];
  const done = progress?.doneSentences ?? 0;

  return (
    <div className={styles.workspace}>
      <p className={styles.materialMeta}>
        <span>{sourceLabel(material.source)}</span>
        <span>时长 {formatDuration(material.durationSeconds)}</span>
        <span>难度 {material.difficulty}</span>
        <span>
          {progress
            ? `${STATUS_ZH[progress.status]} · 已练 ${done}/${material.sentenceCount} 句`
            : `${material.sentenceCount} 句 · 登录后保存进度`}
        </span>
      </p>
      {/* Our own controls only: the browser's would play on past the sentence. */}
      <audio ref={audioRef} src={material.audioUrl} preload="auto" aria-label="材料录音" />
      <div className={styles.modeSwitch}>
        <Segmented<ListeningMode>
          aria-label="练习模式"
          value={mode}
          options={(['dictation', 'shadowing'] as const).map((value) => ({
            value,
            label: MODE_ZH[value],
          }))}
          onChange={setMode}
        />
      </div>
      <PlayerControls
        player={player}
        snapshot={snapshot}
        sentenceCount={material.sentences.length}
        isTextShown={isTextShown}
        isTranslationShown={isTranslationShown}
        onToggleText={() => setIsTextShown((shown) => !shown)}
        onToggleTranslation={() => setIsTranslationShown((shown) => !shown)}
      />
      {sentence && (
        <>
          <SentenceText
            sentence={sentence}
            isTextShown={isTextShown}
            isTranslationShown={isTranslationShown}
            onReveal={() => setIsTextShown(true)}
          />
          {mode === 'dictation' ? (
            <DictationPanel
              key={`d-${sentence.index}`}
              materialId={material.id}
              index={sentence.index}
            />
          ) : (
            <ShadowingPanel
              key={`s-${sentence.index}`}
              materialId={material.id}
              sentence={sentence}
              player={player}
            />
          )}
        </>
      )}
      <div className={styles.side}>
        <SentenceList
          sentences={material.sentences}
          scores={progress?.sentences ?? []}
          snapshot={snapshot}
          player={player}
          isTextShown={isTextShown}
        />
        <ShortcutHelp />
      </div>
    </div>
  );
}
