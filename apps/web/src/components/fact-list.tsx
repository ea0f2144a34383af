import styles from './fact-list.module.css';

interface Fact {
  label: string;
  value: string | undefined;
}

/** Short label–value pairs, e.g. the question type and id taken from the URL. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  const shown = facts.filter((fact) => fact.value);
  if (shown.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {shown.map((fact) => (
        <div key={fact.label} className={styles.fact}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
