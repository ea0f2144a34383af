import {
  FuzzyResultSchema,
  ItemListSchema,
  ItemTypeCodeSchema,
  itemTypes,
  okEnvelope,
  type FuzzyHit,
  type FuzzyResult,
  type ItemAnswer,
  type ItemList,
  type ItemSummary,
} from '@ninety/contract';
import { z } from 'zod';
import { bankMediaKey } from '../../adapters/storage/media-keys';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { ItemRecord, SummaryRow } from './items.repository';

/** What leaves the server about items: never the answer key or the search text. */

export function toItemSummary(
  row: SummaryRow,
  recentSince: string,
  signedIn: boolean,
): ItemSummary {
  return {
    id: row.id,
    type: ItemTypeCodeSchema.parse(row.type),
    number: row.number,
    title: row.title,
    difficulty: row.difficulty,
    topics: row.topics,
    updatedAt: row.updatedOn,
    isNew: row.updatedOn >= recentSince,
    isHighFrequency: row.onWeek,
    isFull: row.isFull,
    practiceCount: row.practiceCount,
    practised: signedIn ? (row.userPractised ?? 0) > 0 : null,
    practisedCount: signedIn ? (row.userPractised ?? 0) : null,
    color: signedIn ? row.userColor : null,
  };
}

/** Item content with media paths turned into URLs the browser can load. */
export function withMediaUrls(content: unknown, storage: ObjectStorage): Record<string, unknown> {
  const copy = structuredClone(content) as Record<string, unknown>;
  for (const field of ['audio', 'image']) {
    const media = copy[field] as { src?: string } | undefined;
    if (media?.src) media.src = storage.publicUrl(bankMediaKey(media.src));
  }
  return copy;
}

const SNIPPET_LENGTH = 90;

/** A short excerpt of what the learner sees on screen (never hidden transcripts). */
function visibleText(content: Record<string, unknown>): string {
  for (const field of ['text', 'passage', 'situation', 'prompt', 'question', 'transcript']) {
    const value = content[field];
    if (typeof value === 'string') return value;
  }
  const paragraphs = content['paragraphs'];
  if (Array.isArray(paragraphs)) {
    return paragraphs.map((paragraph) => (paragraph as { text: string }).text).join(' ');
  }
  const chart = content['chart'] as { title?: string } | undefined;
  return chart?.title ?? '';
}

export function toSnippet(content: unknown): string {
  const text = visibleText(content as Record<string, unknown>)
    .replace(/\{\{\d+\}\}/g, '____')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH).trimEnd()}…` : text;
}

/** A search hit; its snippet comes from toSnippet of the item's content. */
export function toFuzzyHit(
  row: { id: string; type: string; number: number; title: string },
  snippet: string,
): FuzzyHit {
  const type = ItemTypeCodeSchema.parse(row.type);
  return {
    id: row.id,
    type,
    typeNameZh: itemTypes[type].nameZh,
    number: row.number,
    title: row.title,
    snippet,
  };
}

/** The key and 解析: shown on "show answer" and sent back with every scored attempt. */
export function toItemAnswer(
  row: Pick<ItemRecord, 'id' | 'answerKey' | 'explanationZh'>,
): ItemAnswer {
  return {
    id: row.id,
    key: row.answerKey as Record<string, unknown>,
    explanationZh: row.explanationZh,
  };
}

const ItemListEnvelope = okEnvelope(ItemListSchema);
const FuzzyResultEnvelope = okEnvelope(FuzzyResultSchema);

/**
 * A response body exactly as the route's serializer (fastify-type-provider-zod) writes it — the
 * envelope's schema encodes the value (and so checks it), then JSON.stringify — for bodies made
 * once and sent many times: the check and the JSON are paid once, not per request.
 */
function jsonBody<T extends z.ZodType>(schema: T, value: z.output<T>): Buffer {
  return Buffer.from(JSON.stringify(z.encode(schema, value)));
}

export const toItemListBody = (data: ItemList): Buffer => jsonBody(ItemListEnvelope, { data });
export const toFuzzyResultBody = (data: FuzzyResult): Buffer =>
  jsonBody(FuzzyResultEnvelope, { data });
