import { Button } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { announce } from '../../lib/announce';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { ReorderEvidence } from '../shared/reorder-evidence';

const DRAG_TYPE = 'text/plain';

/**
 * Source and target boxes as in the test: drag paragraphs across and within the target, or use
 * the buttons (move over, up, down, back), which also work from the keyboard.
 */
function Renderer({ content, answer, onChange, result }: RendererProps<'RO'>) {
  const order = answer.order;
  const isDone = result !== null;
  const textOf = (id: string) => content.paragraphs.find((paragraph) => paragraph.id === id)?.text;
  const source = content.paragraphs.filter((paragraph) => !order.includes(paragraph.id));
  const pairs = result?.kind === 'reorder' ? result.pairs : [];
  const pairMark = (id: string, index: number) => {
    const nextId = order[index + 1];
    if (!result || nextId === undefined) return '';
    const kept = pairs.some((pair) => pair.first === id && pair.second === nextId && pair.correct);
    return kept ? styles.right : styles.wrong;
  };

  // After a move the pressed button may be gone or disabled: focus stays with the paragraph, on
  // the first of these of its buttons that can still be pressed (issue 23: it fell to <body>).
  const rootRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<{ id: string; actions: string[] } | null>(null);
  useLayoutEffect(() => {
    const wanted = focusNext.current;
    if (!wanted || !rootRef.current) return;
    focusNext.current = null;
    for (const action of wanted.actions) {
      const button = rootRef.current.querySelector<HTMLButtonElement>(
        `button[data-paragraph="${wanted.id}"][data-action="${action}"]`,
      );
      if (button && !button.disabled) return button.focus();
    }
  }, [order]);

  const insertAt = (id: string, position: number) => {
    const rest = order.filter((other) => other !== id);
    rest.splice(Math.min(position, rest.length), 0, id);
    focusNext.current = { id, actions: ['up', 'down', 'back'] };
    announce(`段落 ${id} 已放到第 ${rest.indexOf(id) + 1} 位`);
    onChange({ order: rest });
  };
  const move = (index: number, by: number) => {
    const target = index + by;
    if (target < 0 || target >= order.length) return;
    const next = [...order];
    [next[index], next[target]] = [next[target]!, next[index]!];
    const id = next[target]!;
    focusNext.current = { id, actions: by < 0 ? ['up', 'down', 'back'] : ['down', 'up', 'back'] };
    announce(`段落 ${id} 已放到第 ${target + 1} 位`);
    onChange({ order: next });
  };
  const putBack = (id: string) => {
    focusNext.current = { id, actions: ['over'] };
    announce(`段落 ${id} 已放回左侧`);
    onChange({ order: order.filter((other) => other !== id) });
  };

  return (
    <div className={styles.columns} ref={rootRef}>
      <section className={styles.column} aria-label="原始段落">
        <p className={styles.columnTitle} lang="en">
          Source
        </p>
        {source.map((paragraph) => (
          <div
            key={paragraph.id}
            className={styles.paragraph}
            draggable={!isDone}
            onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, paragraph.id)}
          >
            <strong>{paragraph.id}</strong>
            <span className={styles.paragraphText} lang="en">
              {paragraph.text}
            </span>
            <Button
              size="small"
              disabled={isDone}
              aria-label={`把段落 ${paragraph.id} 放到右侧末尾`}
              data-paragraph={paragraph.id}
              data-action="over"
              onClick={() => insertAt(paragraph.id, order.length)}
            >
              →
            </Button>
          </div>
        ))}
      </section>
      <section
        className={styles.column}
        aria-label="排好的段落"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          const id = event.dataTransfer.getData(DRAG_TYPE);
          if (id) insertAt(id, order.length);
        }}
      >
        <p className={styles.columnTitle} lang="en">
          Target
        </p>
        {order.map((id, index) => (
          <div
            key={id}
            className={`${styles.paragraph} ${pairMark(id, index)}`}
            draggable={!isDone}
            onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              event.stopPropagation();
              const dropped = event.dataTransfer.getData(DRAG_TYPE);
              if (dropped) insertAt(dropped, index);
            }}
          >
            <strong>{id}</strong>
            <span className={styles.paragraphText} lang="en">
              {textOf(id)}
            </span>
            <span className={styles.paragraphActions}>
              <Button
                size="small"
                disabled={isDone || index === 0}
                aria-label={`段落 ${id} 上移`}
                data-paragraph={id}
                data-action="up"
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                disabled={isDone || index === order.length - 1}
                aria-label={`段落 ${id} 下移`}
                data-paragraph={id}
                data-action="down"
                onClick={() => move(index, 1)}
              >
                ↓
              </Button>
              <Button
                size="small"
                disabled={isDone}
                aria-label={`把段落 ${id} 放回左侧`}
                data-paragraph={id}
                data-action="back"
                onClick={() => putBack(id)}
              >
                ←
              </Button>
            </span>
          </div>
        ))}
      </section>
    </div>
  );
}

export const ro: WrittenItemType<'RO'> = {
  code: 'RO',
  kind: 'written',
  instruction:
    'The text boxes in the left panel have been placed in a random order. Restore the original order by dragging the text boxes from the left panel to the right panel.',
  emptyAnswer: () => ({ order: [] }),
  isAnswered: (answer) => answer.order.length > 0,
  Renderer,
  Evidence: ReorderEvidence,
};
