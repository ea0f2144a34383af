import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

interface PageHeadingProps {
  title: string;
  description?: ReactNode;
  /** Actions shown beside the title, e.g. links to related pages. */
  extra?: ReactNode;
}

export function PageHeading({ title, description, extra }: PageHeadingProps) {
  return (
    <div className={styles.heading}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
    </div>
  );
}
