import type {
  AccountExport,
  ListeningCardKind,
  ListeningMaterialDetail,
  ListeningMaterialSummary,
  ListeningMode,
  ListeningProgress,
  ListeningProgressSummary,
  ListeningReviewCard,
} from '@ninety/contract';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import { formatVtt } from './listening-cues';
import type { Material } from './listening-catalogue';
import type { CardRow, ProgressRow, SentenceScoreRow } from './listening.repository';

/** What leaves the server of the 精听 module: materials, progress, cards, cues. */

const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;

export const cuesPath = (materialId: string) => `/api/listening/materials/${materialId}/cues.vtt`;

export function toProgressSummary(summary: {
  status: ListeningProgressSummary['status'];
  doneSentences: number;
  position: number;
  mode: ListeningMode;
  updatedAt: Date | null;
}): ListeningProgressSummary {
  return { ...summary, updatedAt: summary.updatedAt?.toISOString() ?? null };
}

export function toMaterialSummary(
  material: Material,
  progress: ListeningProgressSummary | null,
): ListeningMaterialSummary {
  return {
    id: material.id,
    title: material.title,
    source: material.source,
    itemId: material.itemId,
    topics: material.topics,
    durationSeconds: material.durationSeconds,
    difficulty: material.difficulty,
    sentenceCount: material.sentences.length,
    speakerCount: material.speakerCount,
    progress,
  };
}

export function toMaterialDetail(
  material: Material,
  storage: ObjectStorage,
  progress: ListeningProgress | null,
): ListeningMaterialDetail {
  const { progress: _summary, ...summary } = toMaterialSummary(material, null);
  return {
    ...summary,
    audioUrl: storage.publicUrl(material.audioKey),
    vttUrl: cuesPath(material.id),
    sentences: material.sentences,
    progress,
  };
}

export function toProgress(
  material: Material,
  summary: ListeningProgressSummary,
  scores: readonly SentenceScoreRow[],
): ListeningProgress {
  const bySentence = new Map<number, ListeningProgress['sentences'][number]>();
  for (const row of scores) {
    const entry = bySentence.get(row.sentenceIndex) ?? {
      index: row.sentenceIndex,
      dictation: null,
      shadowing: null,
    };
    const value = { score: row.score, max: row.max, at: row.at.toISOString() };
    if (row.mode === 'dictation') entry.dictation = value;
    else entry.shadowing = value;
    bySentence.set(row.sentenceIndex, entry);
  }
  return {
    ...summary,
    materialId: material.id,
    sentences: [...bySentence.values()].sort((a, b) => a.index - b.index),
  };
}

export function toCard(
  row: CardRow,
  material: Material,
  storage: ObjectStorage,
): ListeningReviewCard {
  return {
    id: row.id,
    kind: row.kind as ListeningCardKind,
    mode: row.mode as ListeningMode,
    materialId: material.id,
    materialTitle: material.title,
    audioUrl: storage.publicUrl(material.audioKey),
    sentence: material.sentences[row.sentenceIndex]!,
    word: row.kind === 'word' ? row.word : null,
    state: CARD_STATES[row.state] ?? 'review',
    due: row.due.toISOString(),
    reps: row.reps,
    lapses: row.lapses,
    lastReviewedAt: row.lastReview?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toVtt = (material: Material) =>
  formatVtt(material.sentences.map(({ index, start, end, text }) => ({ index, start, end, text })));

/** The learner's 精听 data as the account export writes it. */
export function toListeningExport(
  progress: readonly ProgressRow[],
  scores: readonly SentenceScoreRow[],
  cards: readonly CardRow[],
): AccountExport['listening'] {
  return {
    progress: progress.map((row) => ({
      materialId: row.materialId,
      position: row.position,
      mode: row.mode,
      updatedAt: row.updatedAt.toISOString(),
    })),
    sentenceScores: scores.map((row) => ({
      materialId: row.materialId,
      sentenceIndex: row.sentenceIndex,
      mode: row.mode,
      score: row.score,
      max: row.max,
      at: row.at.toISOString(),
    })),
    reviewCards: cards.map((card) => ({
      kind: card.kind,
      mode: card.mode,
      materialId: card.materialId,
      sentenceIndex: card.sentenceIndex,
      word: card.word,
      due: card.due.toISOString(),
      reps: card.reps,
      lapses: card.lapses,
      lastReview: card.lastReview?.toISOString() ?? null,
      createdAt: card.createdAt.toISOString(),
    })),
  };
}
