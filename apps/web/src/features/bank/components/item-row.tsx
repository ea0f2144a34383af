import type { ItemSummary } from '@ninety/contract';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { favoriteColorName, favoriteColors } from '../../../lib/favorite-colors';
import { exercisePath } from '../exercise-path';
import styles from './item-row.module.css';

export { exercisePath };

export function ItemRow({ item, from }: { item: ItemSummary; from?: string }) {
  const color = item.color as keyof typeof favoriteColors | null;
  return (
    <li className={styles.row}>
      <Link to={exercisePath(item, from)} className={styles.link}>
        <span className={styles.number}>#{item.number}</span>
        <span className={styles.main}>
          <span className={styles.title}>{item.title}</span>
          {item.isNew && <span className={`${styles.badge} ${styles.new}`}>新</span>}
          {item.isHighFrequency && <span className={`${styles.badge} ${styles.high}`}>高频</span>}
        </span>
        <span className={styles.meta}>
          {color !== null && (
            <span
              className={styles.dot}
              style={{ background: favoriteColors[color] }}
              title={`已收藏（${favoriteColorName(color)}）`}
              aria-label={`已收藏（${favoriteColorName(color)}）`}
            />
          )}
          {/* Two different counts, named so they are not read as one: mine and everyone's. */}
          {item.practised && (
            <span className={styles.practised}>我已练 {formatCount(item.practisedCount ?? 0)}</span>
          )}
          <span title="全部用户的练习次数">全站练习 {formatCount(item.practiceCount)}</span>
        </span>
      </Link>
    </li>
  );
}

export function ItemRowList({ items, from }: { items: readonly ItemSummary[]; from?: string }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <ItemRow key={item.id} item={item} from={from} />
      ))}
    </ul>
  );
}
