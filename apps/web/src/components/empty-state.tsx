import { Empty } from 'antd';
import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  /** What will appear here, and when. */
  description: ReactNode;
  action?: ReactNode;
}

/** A panel that says honestly that there is nothing to show yet. */
export function EmptyState({ description, action }: EmptyStateProps) {
  return (
    <div className={styles.panel}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
        {action}
      </Empty>
    </div>
  );
}
