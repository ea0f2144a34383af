import type { AttemptResult, ChoiceOption } from '@ninety/contract';
import styles from './shared.module.css';

/**
 * Lettered options as checkboxes (several answers) or radio buttons (one), marked once scored:
 * chosen and right green, chosen and wrong red, right but not chosen outlined.
 */
export function ChoiceList({
  name,
  options,
  multiple,
  chosen,
  onChange,
  result,
}: {
  name: string;
  options: readonly ChoiceOption[];
  multiple: boolean;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  result: AttemptResult | null;
}) {
  const verdicts = result?.kind === 'choices' ? result.options : [];
  const classOf = (id: string) => {
    const verdict = verdicts.find((entry) => entry.id === id);
    if (!verdict) return styles.option;
    if (verdict.chosen) return `${styles.option} ${verdict.correct ? styles.right : styles.wrong}`;
    return verdict.correct ? `${styles.option} ${styles.missedOption}` : styles.option;
  };
  const toggle = (id: string, on: boolean) => {
    if (!multiple) return onChange(on ? [id] : []);
    onChange(
      on ? [...chosen.filter((other) => other !== id), id] : chosen.filter((other) => other !== id),
    );
  };
  return (
    // Divs, not a list: a radio group's children cannot be list items (axe: listitem).
    <div className={styles.options} role={multiple ? 'group' : 'radiogroup'} aria-label="选项">
      {options.map((option) => (
        <div key={option.id}>
          <label className={classOf(option.id)} lang="en">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option.id}
              checked={chosen.includes(option.id)}
              disabled={result !== null}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
            <span>
              <strong>{option.id}.</strong> {option.text}
            </span>
          </label>
        </div>
      ))}
    </div>
  );
}
