import { DownOutlined } from '@ant-design/icons';
import { lazy, startTransition, Suspense, useState, type ReactNode } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';
import styles from './filter-select.module.css';

const loadLive = () => loadWithReload(() => import('./filter-select-live'));
const FilterSelectLive = lazy(() => loadLive().then((m) => ({ default: m.FilterSelectLive })));

type Value = number | '';

interface FilterSelectProps {
  label: string;
  value: Value;
  options: { value: Value; label: ReactNode }[];
  className?: string;
  onChange: (value: Value) => void;
}

/** Keys that open a combobox's list. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * One list filter (issue 23): a light stand-in that looks like antd's Select until the learner
 * points at, focuses or presses a key on it, then the real Select (its own chunk) in its place,
 * focused (unless the learner has moved on meanwhile) and, after a click or an opening key, open. The stand-in is a combobox with the filter's
 * name and value, as the Select is, so it reads the same to a screen reader and to the journeys.
 */
export function FilterSelect({ label, value, options, className, onChange }: FilterSelectProps) {
  // null: the stand-in; else whether the Select opens when it appears.
  const [live, setLive] = useState<{ open: boolean } | null>(null);
  const wake = (open: boolean) =>
    // A transition: the stand-in stays until the Select's code is in.
    startTransition(() => setLive((now) => (now && !open ? now : { open: open || !!now?.open })));
  const current = options.find((option) => option.value === value);
  return (
    // One boundary from the start, so the transition keeps the stand-in shown while it loads.
    <Suspense fallback={null}>
      {live ? (
        <FilterSelectLive
          aria-label={label}
          value={value}
          options={options}
          popupMatchSelectWidth={false}
          className={className}
          autoFocus={live.open}
          defaultOpen={live.open}
          onChange={onChange}
        />
      ) : (
        <button
          type="button"
          role="combobox"
          aria-label={label}
          aria-expanded={false}
          aria-haspopup="listbox"
          className={`${styles.standIn} ${className ?? ''}`}
          onPointerEnter={() => void loadLive().catch(() => undefined)}
          onPointerDown={() => wake(true)}
          // A click on the filter's name (the label around it) reaches the stand-in as a click.
          onClick={() => wake(true)}
          onFocus={() => wake(false)}
          onKeyDown={(event) => {
            if (!OPENING_KEYS.has(event.key)) return;
            event.preventDefault();
            wake(true);
          }}
        >
          <span className={styles.value}>{current?.label}</span>
          <DownOutlined className={styles.arrow} aria-hidden />
        </button>
      )}
    </Suspense>
  );
}
