/**
 * The 精听 materials as the server holds them: content/listening/index.json (what each material
 * is, its sentences and translations; written by scripts/content/listening-materials.ts) joined
 * with each material's WebVTT cues. Read once per content directory and kept in memory: a few
 * hundred materials of a few kB each.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ListeningSourceSchema,
  TopicSchema,
  type ListeningSentence,
  type ListeningSource,
  type Topic,
} from '@ninety/contract';
import { z } from 'zod';
import { bankMediaKey } from '../../adapters/storage/media-keys';
import { parseVtt } from './listening-cues';

export const LISTENING_DIR = 'listening';
/** Object keys of the passages' recordings (copied from content/listening/audio at start). */
export const LISTENING_MEDIA_PREFIX = 'listening';

const CatalogueSentenceSchema = z.object({
  text: z.string().min(1),
  speaker: z.enum(['A', 'B', 'C']).nullable(),
  translationZh: z.string().min(1).nullable(),
});

export const CatalogueEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  title: z.string().min(1),
  source: ListeningSourceSchema,
  itemId: z.string().nullable(),
  topics: z.array(TopicSchema).min(1),
  difficulty: z.int().min(1).max(5),
  durationSeconds: z.number().positive(),
  /** bank: a path in content/media (bank/…); listening: a path in content/listening. */
  audio: z.object({ store: z.enum(['bank', 'listening']), src: z.string().min(1) }),
  sentences: z.array(CatalogueSentenceSchema).min(1),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

export const CatalogueSchema = z.object({
  version: z.literal(1),
  materials: z.array(CatalogueEntrySchema),
});
export type Catalogue = z.infer<typeof CatalogueSchema>;

export interface Material {
  id: string;
  title: string;
  source: ListeningSource;
  itemId: string | null;
  topics: Topic[];
  difficulty: number;
  durationSeconds: number;
  /** Object key of the recording. */
  audioKey: string;
  sentences: ListeningSentence[];
  speakerCount: number;
  /** Lower-case title and transcript, for the search. */
  searchText: string;
}

export const audioKeyOf = (entry: Pick<CatalogueEntry, 'audio'>) =>
  entry.audio.store === 'bank'
    ? bankMediaKey(entry.audio.src)
    : `${LISTENING_MEDIA_PREFIX}/${entry.audio.src}`;

export const cuesFileOf = (contentRoot: string, id: string) =>
  path.join(contentRoot, LISTENING_DIR, 'cues', `${id}.vtt`);

export async function readCatalogueFile(contentRoot: string): Promise<Catalogue> {
  const file = path.join(contentRoot, LISTENING_DIR, 'index.json');
  return CatalogueSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/** Reads the catalogue and every material's cues; throws when a material's cues do not fit. */
export async function loadMaterials(contentRoot: string): Promise<Material[]> {
  const catalogue = await readCatalogueFile(contentRoot);
  return Promise.all(
    catalogue.materials.map(async (entry) => {
      const cues = parseVtt(await readFile(cuesFileOf(contentRoot, entry.id), 'utf8'));
      if (cues.length !== entry.sentences.length) {
        throw new Error(`${entry.id}: ${cues.length} cues for ${entry.sentences.length} sentences`);
      }
      const sentences = entry.sentences.map((sentence, index) => ({
        index,
        start: cues[index]!.start,
        end: cues[index]!.end,
        text: sentence.text,
        speaker: sentence.speaker,
        translationZh: sentence.translationZh,
      }));
      return {
        id: entry.id,
        title: entry.title,
        source: entry.source,
        itemId: entry.itemId,
        topics: entry.topics,
        difficulty: entry.difficulty,
        durationSeconds: entry.durationSeconds,
        audioKey: audioKeyOf(entry),
        sentences,
        speakerCount: Math.max(1, new Set(sentences.map((s) => s.speaker ?? 'A')).size),
        searchText: `${entry.title}\n${sentences.map((s) => s.text).join(' ')}`.toLowerCase(),
      };
    }),
  );
}

/** A passage as its author writes it (content/listening/passages/<id>.yaml). */
export const PassageFileSchema = z.object({
  id: z.string().regex(/^lp-\d{4}$/),
  title: z.string().min(1).max(120),
  kind: z.enum(['lecture', 'discussion']),
  difficulty: z.int().min(1).max(5),
  topics: z.array(TopicSchema).min(1).max(3),
  source: z.literal('original'),
  /** In reading order; consecutive sentences of one speaker make one turn. */
  sentences: z
    .array(
      z.object({
        speaker: z.enum(['A', 'B', 'C']).default('A'),
        en: z.string().min(1).max(400),
        zh: z.string().min(1).max(300),
      }),
    )
    .min(4),
});
export type PassageFile = z.infer<typeof PassageFileSchema>;
