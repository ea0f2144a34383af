import { FAVORITE_ANY } from '@ninety/contract';

/** The favourites details page (spec §2 tools/favorites/details): one folder, practised in order. */
export const FAVORITE_DETAILS_PATH = '/tools/favorites/details';

/** A folder is a colour label (or every favourite) and, optionally, one item type. */
export function favoriteDetailsPath(label: number, code?: string | null): string {
  const query = new URLSearchParams();
  if (label !== FAVORITE_ANY) query.set('id', String(label));
  if (code) query.set('code', code);
  const search = query.toString();
  return `${FAVORITE_DETAILS_PATH}${search ? `?${search}` : ''}`;
}
