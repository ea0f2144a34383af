import {
  SpeakingAnswerSchema,
  traitNames,
  type SpeechResult,
  type SpeechSyllable,
  type SpeechVerdict,
  type WordColorBand,
} from '@ninety/contract';
import { Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  pickBand,
  readableTextColor,
  SCORE_FACTOR,
  toPercent,
  totalScore,
} from '../../lib/word-colors';
import type { EvidenceProps } from '../types';
import { TraitTable } from './trait-table';
import styles from './speech-evidence.module.css';
import { useWordColors } from './word-color-bands';

const VERDICT_ZH: Record<SpeechVerdict, string> = {
  good: '清楚',
  unclear: '不太清楚',
  bad: '没读对',
  omitted: '没有听到',
};

/** A 0–5 engine score on the 0–90 scale shown to learners (spec §9). */
const display = (score: number) => Math.round(score * SCORE_FACTOR);

/**
 * Plays one word of the recording: seeks to its start and pauses at its end. Returns the audio
 * element's ref and the play function; without a recording there is nothing to play.
 */
function useSpanPlayer() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const endRef = useRef<number | null>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return undefined;
    const onTime = () => {
      if (endRef.current !== null && audio.currentTime >= endRef.current) {
        audio.pause();
        endRef.current = null;
      }
    };
    audio.addEventListener('timeupdate', onTime);
    return () => audio.removeEventListener('timeupdate', onTime);
  }, []);
  const play = (start: number, end: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    endRef.current = end;
    audio.currentTime = start;
    try {
      // Browsers may refuse (no user gesture, unsupported source): the phonemes still show.
      void Promise.resolve(audio.play()).catch(() => undefined);
    } catch {
      // jsdom and old browsers: play() is not implemented.
    }
  };
  return { audioRef, play };
}

function WordDetail({ syllable }: { syllable: SpeechSyllable }) {
  return (
    <div className={styles.detail} aria-label={`“${syllable.word}” 的音素`} aria-live="polite">
      <p>
        <strong>{syllable.word}</strong> ·{' '}
        {syllable.omitted ? '没有听到' : `${display(syllable.score)} 分`} ·{' '}
        {VERDICT_ZH[syllable.type]}（{syllable.start.toFixed(2)}–{syllable.end.toFixed(2)} 秒）
      </p>
      {syllable.heardAs ? (
        <p>
          听起来像 “<span lang="en">{syllable.heardAs}</span>”，算读错；下面是听到的音素。
        </p>
      ) : syllable.squeezed ? (
        <p>这个词几乎没有占用时间，像是没读或读成了别的词，算读错。</p>
      ) : null}
      <ul className={styles.phonemes}>
        {syllable.phonemes.map((phoneme, index) => (
          <li key={index} className={styles[phoneme.type]}>
            <span className={styles.ipa}>/{phoneme.text}/</span>
            <span>{phoneme.type === 'omitted' ? '—' : display(phoneme.score)}</span>
            <span className={styles.verdict}>{VERDICT_ZH[phoneme.type]}</span>
          </li>
        ))}
      </ul>
      <p className={styles.note}>音素评分只是提示：识别模型对口音和细微发音差别并不可靠。</p>
    </div>
  );
}

/**
 * A speaking result (speech-engine.md §7.4, spec §3): the words coloured by their band, omitted
 * words greyed in brackets; a word opens its phonemes and plays that stretch of the recording;
 * the three traits with their advice; the keywords for open tasks; or why nothing was scored.
 */
export function SpeechEvidence({
  result,
  recordingUrl,
  bands,
  isReference,
}: {
  result: SpeechResult;
  /** The learner's recording, played word by word; null when the page has none. */
  recordingUrl: string | null;
  bands: readonly WordColorBand[];
  /** The words are the prompt's text (RA, RS) rather than the words recognised (DI, RL…). */
  isReference: boolean;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const [unplayable, setUnplayable] = useState(false);
  const { audioRef, play } = useSpanPlayer();

  if (result.unscored) {
    return (
      <p className={styles.unscored} role="alert">
        {result.unscored.messageZh}
      </p>
    );
  }

  const choose = (index: number, syllable: SpeechSyllable) => {
    setSelected(index);
    if (!syllable.omitted) play(syllable.start, syllable.end);
  };
  const chosen = selected === null ? undefined : result.syllables[selected];

  // Spec §9: the total is total_score × 18, its bar value / 90 × 100.
  const total = totalScore(result.total_score);
  return (
    <>
      <div aria-label="口语总分" role="group">
        总分 {Math.round(total)} / 90
        <Progress
          percent={Math.min(100, toPercent(total))}
          showInfo={false}
          aria-label={`口语总分 ${Math.round(total)} / 90`}
        />
      </div>
      {result.gatedBy && (
        <p className={styles.gated}>
          {traitNames[result.gatedBy].nameZh}得 0 分，按评分规则整题记 0 分，发音和流利度也记 0 分。
        </p>
      )}
      <h3 className={styles.subheading}>
        {isReference ? '逐词评分' : '识别到的词'}（点击单词查看音素并回放）
      </h3>
      {result.syllables.length === 0 ? (
        <p>没有识别到词。</p>
      ) : (
        <p className={styles.words} aria-label="逐词评分" lang="en">
          {result.syllables.map((syllable, index) => {
            const band = pickBand(syllable.score, bands);
            return (
              <span key={index}>
                <button
                  type="button"
                  className={`${styles.word} ${syllable.omitted ? styles.omittedWord : ''}`}
                  style={
                    syllable.omitted || !band ? undefined : { color: readableTextColor(band.color) }
                  }
                  aria-pressed={selected === index}
                  data-status={syllable.omitted ? 'omitted' : band?.status}
                  onClick={() => choose(index, syllable)}
                >
                  {syllable.omitted ? `[${syllable.word}]` : syllable.word}
                </button>{' '}
              </span>
            );
          })}
        </p>
      )}
      {recordingUrl && (
        <audio
          ref={audioRef}
          src={recordingUrl}
          preload="auto"
          className={styles.audio}
          controls
          onError={() => setUnplayable(true)}
          onCanPlay={() => setUnplayable(false)}
        >
          你的录音
        </audio>
      )}
      {recordingUrl && unplayable && (
        // The link to a recording expires after some hours (recording-links.ts on the server).
        <p className={styles.unscored} role="alert">
          录音暂时无法播放：链接可能已过期，请刷新页面后再听。
        </p>
      )}
      {chosen && <WordDetail syllable={chosen} />}
      <TraitTable traits={result.traits} reasonHeading="建议" />
      {result.keywords && (
        <ul className={styles.keywords} aria-label="关键词">
          <li className={styles.good}>
            答到的关键词：{result.keywords.covered.join('、') || '无'}
          </li>
          <li className={styles.bad}>没有提到：{result.keywords.missed.join('、') || '无'}</li>
        </ul>
      )}
    </>
  );
}

/** The speaking types' evidence view: the colour bands from getColor (spec §7) and the recording. */
export function SpeechResultEvidence({ type, result, learnerAnswer }: EvidenceProps) {
  const bands = useWordColors();
  if (result.kind !== 'speech') return null;
  const answer = SpeakingAnswerSchema.safeParse(learnerAnswer);
  return (
    <SpeechEvidence
      result={result}
      bands={bands}
      recordingUrl={answer.success ? answer.data.recording.url : null}
      isReference={type === 'RA' || type === 'RS'}
    />
  );
}
