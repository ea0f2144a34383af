import { Button } from 'antd';
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

  const insertAt = (id: string, position: number) => {
    const rest = order.filter((other) => other !== id);
    rest.splice(Math.min(position, rest.length), 0, id);
    onChange({ order: rest });
  };
  const move = (index: number, by: number) => {
    const target = index + by;
    if (target < 0 || target >= order.length) return;
    const next = [...order];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange({ order: next });
  };

  return (
    <div className={styles.columns}>
      <section className={styles.column} aria-label="原始段落">
        <p className={styles.columnTitle}>Source</p>
        {source.map((paragraph) => (
          <div
            key={paragraph.id}
            className={styles.paragraph}
            draggable={!isDone}
            onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, paragraph.id)}
          >
            <strong>{paragraph.id}</strong>
            <span className={styles.paragraphText}>{paragraph.text}</span>
            <Button
              size="small"
              disabled={isDone}
              aria-label={`把段落 ${paragraph.id} 放到右侧末尾`}
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
        <p className={styles.columnTitle}>Target</p>
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
            <span className={styles.paragraphText}>{textOf(id)}</span>
            <span className={styles.paragraphActions}>
              <Button
                size="small"
                disabled={isDone || index === 0}
                aria-label={`段落 ${id} 上移`}
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                disabled={isDone || index === order.length - 1}
                aria-label={`段落 ${id} 下移`}
                onClick={() => move(index, 1)}
              >
                ↓
              </Button>
              <Button
                size="small"
                disabled={isDone}
                aria-label={`把段落 ${id} 放回左侧`}
                onClick={() => onChange({ order: order.filter((other) => other !== id) })}
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
