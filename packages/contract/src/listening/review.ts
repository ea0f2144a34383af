import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../envelope';
import {
  ListeningMaterialIdSchema,
  ListeningModeSchema,
  ListeningSentenceSchema,
} from './materials';

/**
 * The review deck (ts-fsrs): sentences failed in dictation or shadowing, and words missed in
 * dictation. A card comes back as the sentence to dictate or shadow again; a word card is
 * answered by dictating its sentence. The answer grades the card (LISTENING_GRADES): dictation of
 * a sentence card: every word right → good, ≥ 80 % → hard, else again; shadowing: ≥ 80 % → good,
 * ≥ 60 % → hard, else again; a word card: the word right → good, else again.
 */

export const ListeningCardKindSchema = z.enum(['sentence', 'word']);
export type ListeningCardKind = z.infer<typeof ListeningCardKindSchema>;

/** FSRS card states, as ts-fsrs names them. */
export const ListeningCardStateSchema = z.enum(['new', 'learning', 'review', 'relearning']);
export type ListeningCardState = z.infer<typeof ListeningCardStateSchema>;

export const ListeningRatingSchema = z.enum(['again', 'hard', 'good', 'easy']);
export type ListeningRating = z.infer<typeof ListeningRatingSchema>;

export const ListeningReviewCardSchema = z
  .object({
    id: z.int().min(1),
    kind: ListeningCardKindSchema,
    /** How the card comes back: a word card is always dictation. */
    mode: ListeningModeSchema,
    materialId: ListeningMaterialIdSchema,
    materialTitle: z.string(),
    /** The material's recording; play `sentence.start`–`sentence.end`. */
    audioUrl: z.string(),
    sentence: ListeningSentenceSchema,
    /** The word of a word card (lower case); null for a sentence card. */
    word: z.string().nullable(),
    state: ListeningCardStateSchema,
    due: z.iso.datetime(),
    reps: z.int().min(0),
    lapses: z.int().min(0),
    lastReviewedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ListeningReviewCard', description: '精听复习卡片（句子或单词）' });
export type ListeningReviewCard = z.infer<typeof ListeningReviewCardSchema>;

/** Due counts: now, by the end of the learner's day (TIME_ZONE), and the deck's size. */
export const ListeningReviewCountsSchema = z
  .object({
    dueNow: z.int().min(0),
    dueToday: z.int().min(0),
    total: z.int().min(0),
    /** The next card's due time after the ones due now; null when none. */
    nextDueAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ListeningReviewCounts', description: '复习数量：现在到期、今天到期、总数' });
export type ListeningReviewCounts = z.infer<typeof ListeningReviewCountsSchema>;

export const LISTENING_QUEUE_MAX = 50;

/** The share of the sentence's score at or above which an answer earns each rating. */
export const LISTENING_GRADES = {
  dictation: { good: 1, hard: 0.8 },
  shadowing: { good: 0.8, hard: 0.6 },
} as const;

export const ListeningReviewQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LISTENING_QUEUE_MAX).default(20),
});

/** 今日复习: the cards due now, earliest first, and the counts. */
export const ListeningReviewQueueSchema = z
  .object({
    serverNow: z.iso.datetime(),
    cards: z.array(ListeningReviewCardSchema),
    counts: ListeningReviewCountsSchema,
  })
  .meta({ id: 'ListeningReviewQueue', description: '今日复习队列' });
export type ListeningReviewQueue = z.infer<typeof ListeningReviewQueueSchema>;

export const ListeningReviewDeckQuerySchema = PageQuerySchema;
export const ListeningReviewDeckSchema = pageOf(ListeningReviewCardSchema).meta({
  id: 'ListeningReviewDeck',
  description: '复习卡片（按到期时间）',
});
export type ListeningReviewDeck = z.infer<typeof ListeningReviewDeckSchema>;

export const ListeningReviewCardParamsSchema = z.object({
  cardId: z.coerce.number().int().min(1).describe('复习卡片 id'),
});

/** What answering a card did to it. */
export const ListeningReviewOutcomeSchema = z
  .object({
    card: ListeningReviewCardSchema,
    rating: ListeningRatingSchema,
    /** The next time the card is due, as scheduled by this answer. */
    nextDue: z.iso.datetime(),
  })
  .meta({ id: 'ListeningReviewOutcome', description: '复习卡片的评分与下次到期时间' });
export type ListeningReviewOutcome = z.infer<typeof ListeningReviewOutcomeSchema>;

export const ListeningCardRemovedSchema = z
  .object({ removed: z.literal(true) })
  .meta({ id: 'ListeningCardRemoved', description: '复习卡片已移出（掌握了）' });
export type ListeningCardRemoved = z.infer<typeof ListeningCardRemovedSchema>;
