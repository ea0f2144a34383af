import { useEffect } from 'react';
import { useDeepestHandle } from './route-handle';
import { backgrounds, documentTitleFor } from './route-table';

/** Sets the document title and the body colour from the deepest matched route. */
export function TitleAndBackground() {
  const handle = useDeepestHandle();
  const title = handle?.title;
  const background = handle?.background ?? backgrounds.default;

  useEffect(() => {
    document.title = documentTitleFor(title);
  }, [title]);

  useEffect(() => {
    document.body.style.background = background;
  }, [background]);

  return null;
}
