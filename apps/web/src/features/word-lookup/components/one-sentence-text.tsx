import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { localKeys } from '../../../lib/storage-keys';
import { toast } from '../../../lib/toast';
import {
  emptySelection,
  isSelected,
  ONE_SENTENCE_HINT,
  selectWord,
  type SentenceSelection,
} from '../one-sentence-selection';
import { tokenize } from '../tokenize';
import styles from './word-lookup.module.css';

/** Spec §4: the word-lookup event carries the word and the term name. */
export interface WordLookupEvent {
  word: string;
  termName: string;
}

export type ReadingMode = 'normal' | 'one-sentence';

interface OneSentenceTextProps {
  text: string;
  mode: ReadingMode;
  /** Named in the look-up event (e.g. the item type), so the listener knows where it came from. */
  termName: string;
  onLookup?: (event: WordLookupEvent) => void;
  /** Spec §4: the callback receives the selected words. */
  onSentence?: (words: string[]) => void;
}

/**
 * A reading-mode text whose words are clickable (spec §5: tokens starting with a letter or digit).
 * In normal mode a click emits a look-up; in one-sentence mode it chooses a first and last word.
 */
export function OneSentenceText({
  text,
  mode,
  termName,
  onLookup,
  onSentence,
}: OneSentenceTextProps) {
  const pieces = useMemo(() => tokenize(text), [text]);
  const words = useMemo(
    () => pieces.flatMap((piece) => (piece.kind === 'word' ? [piece.word] : [])),
    [pieces],
  );
  const [selection, setSelection] = useState<SentenceSelection>(emptySelection);
  const [selectionMode, setSelectionMode] = useState(mode);
  // Switching modes (or texts) drops a half-made selection.
  if (selectionMode !== mode) {
    setSelectionMode(mode);
    setSelection(emptySelection);
  }

  const click = (index: number, word: string) => {
    if (mode === 'normal') {
      onLookup?.({ word, termName });
      return;
    }
    const next = selectWord(selection, index);
    setSelection(next);
    if (next.isTooShort) toast.warning(ONE_SENTENCE_HINT);
    if (next.start !== null && next.end !== null) {
      onSentence?.(words.slice(next.start, next.end + 1));
    }
  };

  return (
    <p className={styles.text} data-mode={mode}>
      {pieces.map((piece, position) =>
        piece.kind === 'text' ? (
          piece.text
        ) : (
          <span
            key={position}
            role="button"
            tabIndex={0}
            className={
              mode === 'one-sentence' && isSelected(selection, piece.index)
                ? `${styles.word} ${styles.selected}`
                : styles.word
            }
            aria-pressed={mode === 'one-sentence' ? isSelected(selection, piece.index) : undefined}
            onClick={() => click(piece.index, piece.word)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                click(piece.index, piece.word);
              }
            }}
          >
            {piece.text}
          </span>
        ),
      )}
    </p>
  );
}

/** Spec §4: the one-sentence help dialog shows once; the flag lives in local storage. */
export function showOneSentenceHelpOnce(): void {
  if (localStorage.getItem(localKeys.oneSentenceHelpSeen)) return;
  localStorage.setItem(localKeys.oneSentenceHelpSeen, '1');
  Modal.info({
    title: '单句模式',
    content: (
      <div>
        <p>点击句子的第一个单词，再点击最后一个单词，中间的内容会高亮，作为要练习的句子。</p>
        <p>所选范围最少 10 个单词；选好后再点击任意单词会重新开始选择。</p>
        <p>先点后面的单词、再点前面的单词也可以，会自动调整顺序。</p>
      </div>
    ),
    okText: '知道了',
  });
}
