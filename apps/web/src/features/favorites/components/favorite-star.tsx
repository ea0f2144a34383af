import { StarFilled, StarOutlined } from '@ant-design/icons';
import { FAVORITE_LABELS, favoriteLabelNames } from '@ninety/contract';
import { Button, Dropdown } from 'antd';
import { favoriteColors } from '../../../lib/favorite-colors';
import { useAddUserCollect } from '../api/add-user-collect';

/** The exercise page's star: pick one of the four colours, or take the item out. */
export function FavoriteStar({ itemId, color }: { itemId: string; color: number | null }) {
  const collect = useAddUserCollect();
  const items = [
    ...FAVORITE_LABELS.map((label) => ({
      key: String(label),
      label: (
        <span>
          <StarFilled style={{ color: favoriteColors[label] }} aria-hidden />{' '}
          {favoriteLabelNames[label]}
          {label === color ? '（当前）' : ''}
        </span>
      ),
    })),
    ...(color ? [{ type: 'divider' as const }, { key: '0', label: '取消收藏', danger: true }] : []),
  ];
  const current = color as keyof typeof favoriteColors | null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => collect.mutate({ itemId, label: Number(key) as 0 | 1 | 2 | 3 | 4 }),
      }}
    >
      <Button
        loading={collect.isPending}
        icon={
          current ? (
            <StarFilled style={{ color: favoriteColors[current] }} aria-hidden />
          ) : (
            <StarOutlined aria-hidden />
          )
        }
      >
        {current ? `已收藏（${favoriteLabelNames[current]}）` : '收藏'}
      </Button>
    </Dropdown>
  );
}
