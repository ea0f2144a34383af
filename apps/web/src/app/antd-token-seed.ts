import type { createCache } from '@ant-design/cssinjs';
import { ANTD_TOKEN_SEED_ID } from './theme';

type StyleCache = ReturnType<typeof createCache>;

/** antd's style cache entry for the theme's token: `[cache path, value]`. */
export type TokenSeed = [path: string, value: unknown];

const isTokenSeed = (value: unknown): value is TokenSeed =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === 'string' &&
  value[0].startsWith('token%');

/**
 * The theme's token as the build derived it (build/antd-static-styles.ts: a hashed JSON file the
 * HTML preloads), or undefined where there is none (dev, unit tests) or it cannot be had: antd
 * then derives the token itself, as it always did.
 */
export async function fetchTokenSeed(page: ParentNode = document): Promise<TokenSeed | undefined> {
  const href = page.querySelector<HTMLLinkElement>(`link#${ANTD_TOKEN_SEED_ID}`)?.href;
  if (!href) return undefined;
  try {
    const response = await fetch(href);
    if (!response.ok) return undefined;
    const seed: unknown = await response.json();
    return isTokenSeed(seed) ? seed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the token where antd looks for it (issue 23): antd then takes it from the cache instead
 * of deriving it on the first render. Never over an entry antd made, whose users it counts.
 */
export function seedStyleCache(cache: StyleCache, seed: TokenSeed): void {
  if (cache.opGet(seed[0])) return;
  // [0, value]: no component holds it yet; antd counts its users from here.
  cache.opUpdate(seed[0], () => [0, seed[1]]);
}
