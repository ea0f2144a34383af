import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Item } from '@ninety/contract';
import { bankMediaKey } from '../adapters/storage/media-keys';
import { contentTypeOf, type ObjectStorage } from '../adapters/storage/object-storage';
import type { Db } from '../db/client';
import {
  hasAnyItem,
  findItemIdsNotIn,
  upsertBankRows,
  type BankRow,
} from '../modules/items/bank-import.repository';
import { MEDIA_DIR, loadBank, type BankItem, type BankProblem } from './bank';
import { loadPronunciationWords } from './pronunciation-dictionary';

export class InvalidBankError extends Error {
  override name = 'InvalidBankError';
  constructor(readonly problems: BankProblem[]) {
    super(`the question bank has ${problems.length} problem(s); nothing was imported`);
  }
}

export interface ImportSummary {
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  mediaWritten: number;
  /** Items in the database whose file is gone: kept, since learners' history points at them. */
  orphaned: string[];
}

export interface ImportDeps {
  db: Db;
  storage: ObjectStorage;
  contentRoot: string;
  hasWord: (word: string) => boolean;
}

const OPEN_TYPES = new Set(['DI', 'RL', 'RTS', 'SGD', 'SWT', 'WE', 'SST']);

/** Every part present: an explanation and, for open types and PI, a sample answer. */
function isFull(item: Item): boolean {
  const key = item.key as { sampleAnswer?: string };
  const needsSample = OPEN_TYPES.has(item.type) || item.type === 'PI';
  return item.explanationZh.trim() !== '' && (!needsSample || Boolean(key.sampleAnswer));
}

/** Every string of the item's content and key but file paths and voice names, blanks removed. */
function searchTextOf(item: Item): string {
  const parts: string[] = [];
  const walk = (value: unknown, field?: string) => {
    if (typeof value === 'string') {
      if (field !== 'src' && field !== 'voice') parts.push(value.replace(/\{\{\d+\}\}/g, ' '));
    } else if (Array.isArray(value)) {
      for (const entry of value) walk(entry, field);
    } else if (value && typeof value === 'object') {
      for (const [name, entry] of Object.entries(value)) walk(entry, name);
    }
  };
  walk(item.content);
  walk(item.key);
  return parts.join(' ');
}

export function toBankRow({ item }: BankItem): BankRow {
  const number = Number(item.id.slice(item.id.lastIndexOf('-') + 1));
  return {
    item: {
      id: item.id,
      type: item.type,
      number,
      title: item.title,
      difficulty: item.difficulty,
      topics: item.topics,
      content: item.content,
      answerKey: item.key,
      explanationZh: item.explanationZh,
      updatedOn: item.updatedAt,
      isFull: isFull(item),
      searchText: searchTextOf(item),
      sourceHash: createHash('sha256').update(JSON.stringify(item)).digest('hex'),
    },
    weeks: item.highFrequencyWeeks,
  };
}

/**
 * `npm run content:import`: validates every file, refuses the whole bank on any problem, copies
 * media into object storage, then upserts all items in one transaction. Running it twice changes
 * nothing the second time.
 */
export async function importBank(deps: ImportDeps): Promise<ImportSummary> {
  const bank = await loadBank(deps.contentRoot, { hasWord: deps.hasWord });
  if (bank.problems.length > 0) throw new InvalidBankError(bank.problems);

  // Media first: if the database step fails, the extra files harm nothing, whereas rows pointing
  // at missing media would break pages.
  let mediaWritten = 0;
  const mediaRoot = path.join(deps.contentRoot, MEDIA_DIR);
  for (const src of new Set(bank.items.flatMap((entry) => entry.media))) {
    const data = await readFile(path.join(mediaRoot, src));
    if (await deps.storage.putIfChanged(bankMediaKey(src), data, contentTypeOf(src))) {
      mediaWritten += 1;
    }
  }

  const rows = bank.items.map(toBankRow);
  const { inserted, updated } = await upsertBankRows(deps.db, rows);
  const orphaned = await findItemIdsNotIn(
    deps.db,
    rows.map((row) => row.item.id),
  );
  return {
    total: rows.length,
    inserted: inserted.length,
    updated: updated.length,
    unchanged: rows.length - inserted.length - updated.length,
    mediaWritten,
    orphaned,
  };
}

/** `npm start`: imports only into a database that holds no items yet. */
export async function importBankIfEmpty(
  deps: Omit<ImportDeps, 'hasWord'>,
  loadWords: () => Promise<ReadonlySet<string>> = loadPronunciationWords,
): Promise<ImportSummary | null> {
  if (await hasAnyItem(deps.db)) return null;
  // Only an import checks pronunciations: reading the dictionary cost every start ~0.2 s.
  const words = await loadWords();
  return importBank({ ...deps, hasWord: (word) => words.has(word) });
}
