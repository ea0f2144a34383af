import { page } from './page';
import { sessionKeys } from './storage-keys';

/** A second failure within this window is not answered with another reload. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** A page's code could not be loaded even after reloading the page. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(cause: unknown) {
    super('页面代码加载失败', { cause });
  }
}

/**
 * Runs a dynamic import. When it fails (typically: a new release removed the old hashed chunk),
 * the page reloads once to fetch the new index.html. A timestamp in sessionStorage stops a reload
 * loop: if the page already reloaded within the window, the error is thrown for the route's error
 * page instead. The mark simply ages out of the window; no success clears it.
 *
 * `destination` names the URL being navigated to: the router has not committed it yet when a
 * page's code fails, and a plain reload would land the learner back on the page they left.
 */
export async function loadWithReload<T>(
  importer: () => Promise<T>,
  destination?: () => string | undefined,
): Promise<T> {
  try {
    // A success leaves the mark alone: after the reload, the shell's own parts load fine while the
    // page's chunk may still fail, and clearing the mark there would start a reload loop.
    return await importer();
  } catch (error) {
    const lastReload = Number(sessionStorage.getItem(sessionKeys.chunkReloadAt));
    const now = Date.now();
    if (lastReload && now - lastReload < CHUNK_RELOAD_WINDOW_MS) throw new ChunkLoadError(error);
    sessionStorage.setItem(sessionKeys.chunkReloadAt, String(now));
    const href = destination?.();
    if (href) page.assign(href);
    else page.reload();
    // The page is going away; staying pending keeps the error page from flashing meanwhile.
    return new Promise<T>(() => {});
  }
}
