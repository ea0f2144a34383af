import { StarFilled, StarOutlined } from '@ant-design/icons';
import { FAVORITE_LABELS, favoriteLabelNames } from '@ninety/contract';
import { Button } from 'antd';
import { lazy, startTransition, Suspense, useRef, useState } from 'react';
import { favoriteColors } from '../../../lib/favorite-colors';
import { loadWithReload } from '../../../lib/load-with-reload';
import { useAddUserCollect } from '../api/add-user-collect';

const loadMenu = () => loadWithReload(() => import('./favorite-menu'));
const FavoriteMenu = lazy(() => loadMenu().then((m) => ({ default: m.FavoriteMenu })));

/**
 * The exercise page's star: pick one of the four colours, or take the item out. The menu's code
 * comes when the learner points at, focuses or clicks the star; a click before it is in opens the
 * menu once it arrives (the star stays meanwhile: the switch is a transition).
 */
export function FavoriteStar({ itemId, color }: { itemId: string; color: number | null }) {
  const collect = useAddUserCollect();
  const [isMenuWanted, setIsMenuWanted] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const star = useRef<HTMLButtonElement>(null);
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
  const preload = () => void loadMenu().catch(() => undefined);
  const button = (
    <Button
      ref={star}
      loading={collect.isPending}
      onPointerEnter={preload}
      onFocus={preload}
      // Until the menu is in, the click is the star's own; then the Dropdown handles clicks.
      onClick={
        isMenuWanted
          ? undefined
          : () => {
              // A transition: the star stays as it is while the menu's code comes.
              startTransition(() => {
                setIsMenuWanted(true);
                setIsOpen(true);
              });
            }
      }
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
  );
  // One boundary from the start, so the transition keeps the star shown while the menu loads.
  return (
    <Suspense fallback={null}>
      {isMenuWanted ? (
        <FavoriteMenu
          // The star under the menu is a new element: keep the focus on it (keyboard learners).
          onShown={() => star.current?.focus()}
          open={isOpen}
          onOpenChange={setIsOpen}
          menu={{
            items,
            onClick: ({ key }) => {
              setIsOpen(false);
              collect.mutate({ itemId, label: Number(key) as 0 | 1 | 2 | 3 | 4 });
            },
          }}
        >
          {button}
        </FavoriteMenu>
      ) : (
        button
      )}
    </Suspense>
  );
}
