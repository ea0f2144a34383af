import {
  FAVORITE_LABELS,
  favoriteLabelNames,
  itemTypes,
  type ItemTypeCode,
} from '@ninety/contract';
import { Select } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { ItemRowList, exercisePath, parseTypeCode } from '../../features/bank';
import { favoriteDetailsPath, useFavorites } from '../../features/favorites';
import styles from './favorite-details-page.module.css';

/** A folder is one colour label (1 红 … 4 蓝) or, without one, every favourite. */
function folderOf(id: string | null): number {
  const label = Number(id);
  return (FAVORITE_LABELS as readonly number[]).includes(label) ? label : -1;
}

/**
 * tools/favorites/details?id={label}&code={type}: one favourites folder, optionally one type, to
 * practise in sequence — each item opens with 上一题 / 下一题 through the same folder.
 */
export function FavoriteDetailsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const label = folderOf(searchParams.get('id'));
  const code = parseTypeCode(searchParams.get('code') ?? undefined);
  const favorites = useFavorites(label);
  const all = favorites.data?.list ?? [];
  const items = code ? all.filter((item) => item.type === code) : all;
  const codes = [...new Set(all.map((item) => item.type))];
  const path = favoriteDetailsPath(label, code);
  const folderName = label === -1 ? '全部收藏' : `${favoriteLabelNames[label as 1]}标签`;
  const first = items[0];

  return (
    <>
      <PageHeading
        title={`收藏详情 · ${folderName}`}
        description="按顺序练习这个收藏夹里的题目：每道题都可以点“下一题”继续。"
        extra={
          <Link to="/tools/favorites" className="ui-button">
            返回收藏
          </Link>
        }
      />
      <div className={styles.toolbar}>
        <Select<ItemTypeCode | ''>
          aria-label="题型"
          className={styles.select}
          value={code ?? ''}
          onChange={(value) => {
            const next = new URLSearchParams(searchParams);
            if (value) next.set('code', value);
            else next.delete('code');
            setSearchParams(next);
          }}
          options={[
            { value: '', label: '全部题型' },
            ...codes.map((value) => ({ value, label: `${itemTypes[value].nameZh} ${value}` })),
          ]}
        />
        {first && (
          <Link to={exercisePath(first, path)} className="ui-button ui-button-primary">
            开始按顺序练习（{items.length} 题）
          </Link>
        )}
      </div>
      <QueryState
        query={favorites}
        subject="收藏"
        isEmpty={() => items.length === 0}
        empty={
          <EmptyState
            description={`${folderName}里还没有${code ? ` ${code} ` : ''}题目`}
            action={
              <Link to="/question" className="ui-button">
                去题库练习
              </Link>
            }
          />
        }
      >
        {() => <ItemRowList items={items} from={path} />}
      </QueryState>
    </>
  );
}
