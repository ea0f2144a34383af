/** PTE Academic from the August 2025 update; pte-rules' [2025] values live here only. */
import {
  ASQ_TRAITS,
  CONTENT_GATE,
  L,
  LW,
  R,
  RA_TRAITS,
  S,
  SL,
  SPEAKING_RUBRIC,
  SPELLING,
  SST_FORM,
  SHORT_GRAMMAR,
  UNCHANGED,
  VOCABULARY,
  W,
  WE_FORM,
  WE_GRAMMAR,
  WRITING_GATES,
  WRITING_RUBRIC,
  objective,
  speechTraits,
} from './common';
import { MOCK_AGGREGATION } from './mock-aggregation';
import type { ScoringProfile } from './rubric';

export const PTE_2025_08: ScoringProfile = {
  id: 'pte-2025-08',
  pteVersion: 'pte-2025-08',
  labelZh: '2025 年 8 月改革后',
  labelEn: 'PTE Academic from the August 2025 update',
  types: {
    ...UNCHANGED,
    RA: { rule: 'traits', traits: RA_TRAITS, gates: CONTENT_GATE, skills: S },
    DI: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 6 }),
      gates: CONTENT_GATE,
      skills: S,
    },
    RL: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 6 }),
      gates: CONTENT_GATE,
      skills: SL,
    },
    ASQ: { rule: 'traits', traits: ASQ_TRAITS, gates: [], skills: L },
    RTS: {
      rule: 'traits',
      traits: speechTraits({ trait: 'appropriacy', max: 6 }),
      // Appropriacy is RTS's content trait, so the speaking content gate applies to it.
      gates: ['appropriacy'],
      skills: S,
    },
    SGD: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 6 }),
      gates: CONTENT_GATE,
      skills: SL,
    },
    WE: {
      rule: 'traits',
      traits: [
        { trait: 'content', max: 6 },
        WE_FORM,
        { trait: 'development', max: 6 },
        WE_GRAMMAR,
        { trait: 'linguistic-range', max: 6 },
        VOCABULARY,
        SPELLING,
      ],
      gates: WRITING_GATES,
      skills: W,
    },
    RWFIB: objective('per-blank', R),
    SST: {
      rule: 'traits',
      traits: [{ trait: 'content', max: 4 }, SST_FORM, SHORT_GRAMMAR, VOCABULARY, SPELLING],
      gates: WRITING_GATES,
      skills: LW,
    },
    LFIB: objective('per-blank', L),
  },
  writing: WRITING_RUBRIC,
  speaking: SPEAKING_RUBRIC,
  mock: MOCK_AGGREGATION,
};
