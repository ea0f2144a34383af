import type { ReactNode } from 'react';
import styles from './legal-document.module.css';

export interface LegalSection {
  title: string;
  clauses: ReactNode[];
}

interface LegalDocumentProps {
  title: string;
  effectiveDate: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

const numerals = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

/** A numbered legal text (user agreement, privacy policy): 一、… sections with 1.1 clauses. */
export function LegalDocument({ title, effectiveDate, intro, sections }: LegalDocumentProps) {
  return (
    <article className={styles.document}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.meta}>生效日期：{effectiveDate}</p>
      </header>
      <p className={styles.intro}>{intro}</p>
      {sections.map((section, sectionIndex) => (
        <section key={section.title} className={styles.section}>
          <h2 className={styles.heading}>
            {numerals[sectionIndex]}、{section.title}
          </h2>
          {section.clauses.map((clause, clauseIndex) => (
            <div key={clauseIndex} className={styles.clause}>
              {section.clauses.length > 1 && (
                <span className={styles.number}>
                  {sectionIndex + 1}.{clauseIndex + 1}
                </span>
              )}
              <div>{clause}</div>
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}

/** A bulleted list inside a clause. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}
