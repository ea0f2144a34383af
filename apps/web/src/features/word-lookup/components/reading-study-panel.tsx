import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ONE_SENTENCE_HINT } from '../one-sentence-selection';
import { OneSentenceText, showOneSentenceHelpOnce, type ReadingMode } from './one-sentence-text';
import { WordLookupCard } from './word-lookup-card';
import styles from './word-lookup.module.css';

/** Strips what a look-up cannot use around a word ("policy," → "policy") for the chips. */
const chipWord = (word: string) => word.replace(/[.'’-]+$/u, '');

/**
 * 原文精读: the item's text in reading mode. Normal mode looks words up; one-sentence mode picks a
 * sentence to copy (for shadowing or dictation practice elsewhere) and to look up word by word.
 */
export function ReadingStudyPanel({ text, termName }: { text: string; termName: string }) {
  const [mode, setMode] = useState<ReadingMode>('normal');
  const [lookupWord, setLookupWord] = useState<string | null>(null);
  const [sentence, setSentence] = useState<string[] | null>(null);

  const changeMode = (next: ReadingMode) => {
    setMode(next);
    setSentence(null);
    if (next === 'one-sentence') showOneSentenceHelpOnce();
  };

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('复制成功');
    } catch {
      toast.error('复制失败，请手动复制');
    }
  };

  return (
    <div data-testid="reading-study">
      <div className={styles.toolbar}>
        <Segmented<ReadingMode>
          value={mode}
          onChange={changeMode}
          options={[
            { label: '点词查义', value: 'normal' },
            { label: '单句模式', value: 'one-sentence' },
          ]}
        />
        <span className={styles.instruction}>
          {mode === 'normal' ? '点击任意单词查看音标和释义' : ONE_SENTENCE_HINT}
        </span>
      </div>
      <OneSentenceText
        text={text}
        mode={mode}
        termName={termName}
        onLookup={(event) => setLookupWord(event.word)}
        onSentence={setSentence}
      />
      {mode === 'one-sentence' && sentence && (
        <section className={styles.sentence} aria-label="所选句子">
          <p className={styles.sentenceText} data-testid="selected-sentence">
            {sentence.join(' ')}
          </p>
          <Button size="small" onClick={() => void copy(sentence.join(' '))}>
            复制句子
          </Button>
          <div className={styles.chips} aria-label="查句中单词">
            {[...new Set(sentence.map(chipWord))].map((word) => (
              <Button key={word} size="small" type="dashed" onClick={() => setLookupWord(word)}>
                {word}
              </Button>
            ))}
          </div>
        </section>
      )}
      <WordLookupCard word={lookupWord} onClose={() => setLookupWord(null)} />
    </div>
  );
}
