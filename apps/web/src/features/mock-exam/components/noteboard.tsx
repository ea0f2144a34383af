import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import styles from './exam.module.css';

/** Where the notes of a paper are kept: this tab only, like the booklet that stays in the room. */
const notesKey = (paperId: string) => `mock-notes:${paperId}`;

function readNotes(paperId: string): string {
  try {
    return sessionStorage.getItem(notesKey(paperId)) ?? '';
  } catch {
    return '';
  }
}

/**
 * The test centre's erasable noteboard booklet, on screen: notes for the whole test, kept across
 * questions and a reload, wiped by Erase. Never sent to the server and never scored.
 */
export function Noteboard({ paperId, onClose }: { paperId: string; onClose: () => void }) {
  const [notes, setNotes] = useState(() => readNotes(paperId));
  useEffect(() => {
    try {
      if (notes) sessionStorage.setItem(notesKey(paperId), notes);
      else sessionStorage.removeItem(notesKey(paperId));
    } catch {
      // Storage full or blocked: the notes still work for this page.
    }
  }, [paperId, notes]);

  return (
    <aside className={styles.noteboard} aria-label="Erasable Noteboard" lang="en">
      <div className={styles.noteboardBar}>
        <strong>Erasable Noteboard</strong>
        <span>
          <Button size="small" onClick={() => setNotes('')} disabled={!notes}>
            Erase
          </Button>
          <Button size="small" type="text" onClick={onClose}>
            Close
          </Button>
        </span>
      </div>
      <Input.TextArea
        className={styles.noteboardText}
        aria-label="Notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        spellCheck={false}
        autoComplete="off"
        rows={16}
      />
      <p className={styles.noteboardHint}>Notes are not saved with your answers and not scored.</p>
    </aside>
  );
}
