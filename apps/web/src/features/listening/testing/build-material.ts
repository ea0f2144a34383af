import type {
  ListeningDictationResult,
  ListeningMaterialDetail,
  ListeningMaterialSummary,
  ListeningProgress,
} from '@ninety/contract';

/** Test data shaped as the server sends it. Test-only. */

export function buildMaterialSummary(
  overrides: Partial<ListeningMaterialSummary> = {},
): ListeningMaterialSummary {
  return {
    id: 'lp-0001',
    title: 'How coral reefs recover',
    source: 'passage',
    itemId: null,
    topics: ['science'],
    durationSeconds: 95,
    difficulty: 3,
    sentenceCount: 3,
    speakerCount: 2,
    progress: null,
    ...overrides,
  };
}

export function buildProgress(overrides: Partial<ListeningProgress> = {}): ListeningProgress {
  return {
    materialId: 'lp-0001',
    status: 'in_progress',
    doneSentences: 1,
    position: 0,
    mode: 'dictation',
    updatedAt: '2026-11-25T08:00:00.000Z',
    sentences: [],
    ...overrides,
  };
}

export function buildMaterial(
  overrides: Partial<ListeningMaterialDetail> = {},
): ListeningMaterialDetail {
  return {
    id: 'lp-0001',
    title: 'How coral reefs recover',
    source: 'passage',
    itemId: null,
    topics: ['science'],
    durationSeconds: 6.1,
    difficulty: 3,
    sentenceCount: 3,
    speakerCount: 2,
    audioUrl: '/files/listening/lp-0001.mp3',
    vttUrl: '/api/listening/materials/lp-0001/cues.vtt',
    sentences: [
      {
        index: 0,
        start: 0.5,
        end: 2.0,
        text: 'Coral reefs cover a tiny part of the ocean.',
        speaker: 'A',
        translationZh: '珊瑚礁只占海洋的一小部分。',
      },
      {
        index: 1,
        start: 2.6,
        end: 4.0,
        text: 'Yet they shelter a quarter of marine species.',
        speaker: 'B',
        translationZh: '却庇护着四分之一的海洋物种。',
      },
      {
        index: 2,
        start: 4.1,
        end: 6.0,
        text: 'Warmer water bleaches them.',
        speaker: 'A',
        translationZh: '更暖的海水使它们白化。',
      },
    ],
    progress: null,
    ...overrides,
  };
}

export function buildDictationResult(
  overrides: Partial<ListeningDictationResult> = {},
): ListeningDictationResult {
  return {
    materialId: 'lp-0001',
    index: 0,
    score: 6,
    max: 9,
    passed: false,
    diff: [
      { kind: 'correct', expected: 'coral', written: 'coral' },
      { kind: 'correct', expected: 'reefs', written: 'reefs' },
      { kind: 'misspelt', expected: 'cover', written: 'cuver' },
      { kind: 'correct', expected: 'a', written: 'a' },
      { kind: 'wrong', expected: 'tiny', written: 'small' },
      { kind: 'correct', expected: 'part', written: 'part' },
      { kind: 'missing', expected: 'of', written: null },
      { kind: 'correct', expected: 'the', written: 'the' },
      { kind: 'extra', expected: null, written: 'big' },
      { kind: 'correct', expected: 'ocean', written: 'ocean' },
    ],
    transcript: 'Coral reefs cover a tiny part of the ocean.',
    addedToWordBook: ['cover', 'tiny'],
    progress: buildProgress({ sentences: [] }),
    review: null,
    ...overrides,
  };
}
