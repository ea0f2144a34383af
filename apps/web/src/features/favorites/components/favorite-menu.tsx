import { Dropdown, type DropdownProps } from 'antd';
import { useEffect } from 'react';

/**
 * The star's menu, a chunk of its own (issue 23): antd's Dropdown and Menu (~15 kB gzip) were in
 * every exercise's first paint for a menu opened only when the star is clicked. `onShown` runs once
 * it is on the page (the star it wraps is a new element then).
 */
export function FavoriteMenu({ onShown, ...props }: DropdownProps & { onShown: () => void }) {
  useEffect(() => {
    onShown();
    // Once: the star's first click brought the menu in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Dropdown trigger={['click']} {...props} />;
}
