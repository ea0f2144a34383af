import { favoriteLabelNames, type FavoriteLabel } from '@ninety/contract';

/** The four favourite colours (spec §3: 1 red, 2 yellow, 3 green, 4 blue) as shown on screen. */
export const favoriteColors: Record<FavoriteLabel, string> = {
  1: '#e5484d',
  2: '#f5a623',
  3: '#30a46c',
  4: '#3e63dd',
};

export function favoriteColorName(label: number): string {
  return favoriteLabelNames[label as FavoriteLabel] ?? '';
}
