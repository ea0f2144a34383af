import { FAVORITE_ANY, FAVORITE_LABELS, favoriteLabelNames, itemTypes } from '@ninety/contract';
import { Segmented } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { ItemRowList } from '../../features/bank';
import { favoriteDetailsPath, useFavorites } from '../../features/favorites';
import { favoriteColors } from '../../lib/favorite-colors';
import styles from './favorites-page.module.css';

/** tools/favorites: the learner's favourites by colour, grouped by item type. */
export function FavoritesPage() {
  const [label, setLabel] = useState<number>(FAVORITE_ANY);
  const favorites = useFavorites(label);
  const list = favorites.data?.list ?? [];
  const codes = [...new Set(list.map((item) => item.type))];
  const detailsPath = (code: string) => favoriteDetailsPath(label, code);

  return (
    <>
      <PageHeading
        title="收藏"
        description="练习时收藏的题目按红、黄、绿、蓝四种颜色标签分组，方便集中复习。"
      />
      <Segmented<number>
        className={styles.filter}
        aria-label="收藏颜色"
        value={label}
        onChange={setLabel}
        options={[
          { value: FAVORITE_ANY, label: '全部' },
          ...FAVORITE_LABELS.map((value) => ({
            value,
            label: (
              <span>
                <span
                  className={styles.dot}
                  style={{ background: favoriteColors[value] }}
                  aria-hidden
                />
                {favoriteLabelNames[value]}
              </span>
            ),
          })),
        ]}
      />
      <QueryState
        query={favorites}
        subject="收藏"
        isEmpty={() => list.length === 0}
        empty={
          <EmptyState
            description={
              label === FAVORITE_ANY
                ? '还没有收藏题目：在练习页点“收藏”并选一种颜色即可'
                : `没有${favoriteLabelNames[label as 1]}标签的收藏`
            }
            action={
              <Link to="/question" className="ui-button">
                去题库练习
              </Link>
            }
          />
        }
      >
        {() =>
          codes.map((code) => (
            <section key={code} className={styles.group} aria-labelledby={`fav-${code}`}>
              <h2 id={`fav-${code}`} className={styles.groupTitle}>
                {itemTypes[code].nameZh} {code}
                <span className={styles.count}>
                  {list.filter((item) => item.type === code).length} 题
                </span>
                <Link to={detailsPath(code)} className={styles.practise}>
                  按顺序练习
                </Link>
              </h2>
              <ItemRowList
                items={list.filter((item) => item.type === code)}
                from={detailsPath(code)}
              />
            </section>
          ))
        }
      </QueryState>
    </>
  );
}
