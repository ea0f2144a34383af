import {
  ITEM_LIST_PAGE_SIZE,
  ITEM_TYPE_CODES,
  ItemListQuerySchema,
  itemTypes,
  type ItemTypeCode,
} from '@ninety/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../../lib/escape-html';
import { itemDetail, itemsDeps, listBankItems, type ItemsDeps } from './items.service';

/**
 * The largest text of the question list's and the exercise page's first paint, in the server's
 * HTML (issue 23, ADR 0036): on a phone those pages painted it only after ~300 kB of JavaScript in
 * a chain of requests and then the API call. The stand-in goes into `#root` and React's first
 * render replaces it. Only what the public API shows anyone (type names, titles, the passage),
 * escaped; the same HTML for every visitor, cached per bank version like the bank's lists.
 */

/** Rows of the list shown in the stand-in: those a phone's first screen can hold. */
const LIST_ROWS = 6;
/** Stand-ins kept per bank version; a miss is rebuilt, so a flood of ids costs reads, not memory. */
const CACHE_LIMIT = 2000;
/** A passage longer than this is cut: the stand-in covers the first screen, not the item. */
const PASSAGE_LIMIT = 3000;

export type PageStandIn = (url: string) => Promise<string | null>;

function typeOf(segment: string | undefined): ItemTypeCode | null {
  const upper = segment?.toUpperCase();
  return ITEM_TYPE_CODES.find((code) => code === upper) ?? null;
}

/** The page heading both pages start with (components/page-heading.tsx). */
function heading(code: ItemTypeCode): string {
  const info = itemTypes[code];
  return (
    `<div class="stand-in-heading"><h1 class="stand-in-title">${escapeHtml(`${info.nameZh} ${info.code}`)}</h1>` +
    `<p class="stand-in-description" lang="en">${escapeHtml(info.nameEn)}</p></div>`
  );
}

/** The header's height and the main column, so the text sits where the page will put it. */
const frame = (body: string) =>
  `<div class="stand-in"><div class="stand-in-bar"></div><div class="stand-in-main">${body}</div></div>`;

async function listStandIn(deps: ItemsDeps, code: ItemTypeCode, page: number): Promise<string> {
  const query = ItemListQuerySchema.parse({ code, page, perPage: ITEM_LIST_PAGE_SIZE });
  const list = await listBankItems(deps, query, null);
  const rows = list.list
    .slice(0, LIST_ROWS)
    .map(
      (item) =>
        `<li class="stand-in-row"><span class="stand-in-number">#${item.number}</span> ` +
        `<span lang="en">${escapeHtml(item.title)}</span></li>`,
    )
    .join('');
  return frame(`${heading(code)}<ul class="stand-in-rows">${rows}</ul>`);
}

/** The item's own visible text: the passage (choice types) or the text to read aloud (RA). */
function shownText(content: Record<string, unknown>): string | null {
  for (const field of ['passage', 'text']) {
    const value = content[field];
    if (typeof value === 'string' && value.trim() !== '') {
      // Fill-in blanks ({{1}}) are the renderer's inputs, not text.
      return value.slice(0, PASSAGE_LIMIT).replace(/\{\{\d+\}\}/g, '____');
    }
  }
  return null;
}

async function exerciseStandIn(
  deps: ItemsDeps,
  code: ItemTypeCode,
  id: string,
): Promise<string | null> {
  const item = await itemDetail(deps, id, null);
  if (item.type !== code) return null;
  const text = shownText(item.content as Record<string, unknown>);
  return frame(
    heading(code) +
      (text === null ? '' : `<p class="stand-in-passage" lang="en">${escapeHtml(text)}</p>`),
  );
}

/** The stand-in for a page path: `/question-list/{type}/{page}`, `/exp/{type}/{id}`; else null. */
async function build(deps: ItemsDeps, pathname: string, hasQuery: boolean): Promise<string | null> {
  const [, page, type, rest, ...more] = pathname.split('/');
  const code = typeOf(type);
  if (!code || more.length > 1) return null;
  if (page === 'question-list') {
    // Filters in the query (a keyword, a colour) make another list: the heading alone then.
    const number = rest === undefined || rest === '' ? 1 : Number(rest);
    if (!Number.isInteger(number) || number < 1 || number > 10_000) return null;
    return hasQuery ? frame(heading(code)) : listStandIn(deps, code, number);
  }
  if (page === 'exp' && rest && /^[a-z]{2,6}-\d{1,6}$/i.test(rest)) {
    return exerciseStandIn(deps, code, rest);
  }
  return null;
}

export function createPageStandIn(context: AppContext): PageStandIn {
  const deps = itemsDeps(context);
  let version = -1;
  const cache = new Map<string, Promise<string | null>>();
  return async (url) => {
    const [pathname = '', query] = url.split('?');
    const key = `${pathname}${query ? '?' : ''}`;
    const current = await deps.bank.version();
    if (current !== version) {
      version = current;
      cache.clear();
    }
    let standIn = cache.get(key);
    if (!standIn) {
      standIn = build(deps, pathname, Boolean(query)).catch((error: unknown) => {
        // No such item (or not an id): the page says so itself, no stand-in.
        if (error instanceof AppError) return null;
        throw error;
      });
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, standIn);
      // A failure is not kept: the next request reads again.
      standIn.catch(() => cache.delete(key));
    }
    return standIn;
  };
}
