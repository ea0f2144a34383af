import { CHINESE_PUNCTUATION_HINT_ZH, countWords, normalizeTypedText } from '@ninety/contract';
import { Button, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { EXAM_TEXT } from '../runner/exam-text';
import { useRunnerPolicy } from '../runner/policy';
import { sanitizeTyped } from '../../lib/typed-text';
import styles from './shared.module.css';
import { StatusText } from './status-text';

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The answer box of the writing items as the test shows it: the item's time left (SWT 10 min,
 * WE 20 min, SST 10 min; the runner keeps the clock), Cut / Copy / Paste buttons that work inside the box, and
 * a live word count. When time runs out the box closes, as the test does; the learner can still
 * submit what was written. No spell checker, as in the test.
 */
export function WritingBox({
  value,
  onChange,
  rows,
  label,
  isScored,
  secondsLeft,
}: {
  value: string;
  onChange: (text: string) => void;
  rows: number;
  label: string;
  isScored: boolean;
  /** From the runner's answer clock; null (no clock) never closes the box. */
  secondsLeft: number | null;
}) {
  const left = secondsLeft ?? Infinity;
  // The exam's screen is in English, like the test's; practice keeps its Chinese.
  const isExam = useRunnerPolicy().mode === 'exam';
  const box = useRef<TextAreaRef>(null);
  // The test's clipboard is its own: text cut or copied here is pasted back here.
  const clipboard = useRef('');
  const isOver = left <= 0;
  const isLocked = isScored || isOver;
  const normal = normalizeTypedText(value);

  const selection = () => {
    const element = box.current?.resizableTextArea?.textArea;
    return element
      ? { element, start: element.selectionStart, end: element.selectionEnd }
      : undefined;
  };
  const replaceSelection = (insert: string) => {
    const at = selection();
    if (!at) return;
    const next = value.slice(0, at.start) + insert + value.slice(at.end);
    onChange(next);
    const caret = at.start + insert.length;
    requestAnimationFrame(() => {
      at.element.focus();
      at.element.setSelectionRange(caret, caret);
    });
  };
  const copy = () => {
    const at = selection();
    if (at && at.end > at.start) clipboard.current = value.slice(at.start, at.end);
  };
  const cut = () => {
    const at = selection();
    if (!at || at.end <= at.start) return;
    clipboard.current = value.slice(at.start, at.end);
    replaceSelection('');
  };

  return (
    <div className={styles.writing}>
      <div className={styles.writingBar}>
        <span className={styles.toolButtons}>
          {/* The test's English button names, read in English (issue 23, WCAG 3.1.2). */}
          <Button size="small" lang="en" onClick={cut} disabled={isLocked}>
            Cut
          </Button>
          <Button size="small" lang="en" onClick={copy} disabled={isLocked}>
            Copy
          </Button>
          <Button
            size="small"
            lang="en"
            onClick={() => replaceSelection(clipboard.current)}
            disabled={isLocked}
          >
            Paste
          </Button>
        </span>
        <span role="timer" aria-label="剩余时间" className={isOver ? styles.timeOver : undefined}>
          <StatusText
            text={
              isScored
                ? '已提交'
                : isOver
                  ? isExam
                    ? EXAM_TEXT.timeUp
                    : '时间到，请提交'
                  : secondsLeft === null
                    ? ''
                    : `Time Remaining ${clock(secondsLeft)}`
            }
          />
        </span>
      </div>
      <Input.TextArea
        ref={box}
        className={styles.textArea}
        aria-label={label}
        rows={rows}
        value={value}
        readOnly={isLocked}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        // Spec §5: typed text is sanitised (look-alikes kept for the normaliser).
        onChange={(event) => onChange(sanitizeTyped(event.target.value))}
      />
      {/* Counted as the scorer reads it: "a，b" is two words (typed-text.ts). */}
      <p className={styles.wordCount} lang="en">
        Total Word Count: {countWords(normal.text)}
      </p>
      {normal.chinesePunctuation && (
        <p className={styles.wordCount} role="note">
          {isExam ? EXAM_TEXT.chinesePunctuation : CHINESE_PUNCTUATION_HINT_ZH}
        </p>
      )}
    </div>
  );
}
