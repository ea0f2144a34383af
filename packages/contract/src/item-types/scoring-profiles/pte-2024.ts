/** PTE Academic before the August 2025 update (Pearson's pre-update score guide). */
import {
  ASQ_TRAITS,
  CONTENT_GATE,
  LW,
  RA_TRAITS,
  S,
  SL,
  SPEAKING_RUBRIC,
  SPELLING,
  SR,
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

export const PTE_2024: ScoringProfile = {
  id: 'pte-2024',
  pteVersion: 'pte-2024',
  labelZh: '2025 年 8 月改革前',
  labelEn: 'PTE Academic before the August 2025 update',
  types: {
    ...UNCHANGED,
    RA: { rule: 'traits', traits: RA_TRAITS, gates: CONTENT_GATE, skills: SR },
    DI: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 5 }),
      gates: CONTENT_GATE,
      skills: S,
    },
    RL: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 5 }),
      gates: CONTENT_GATE,
      skills: SL,
    },
    ASQ: { rule: 'traits', traits: ASQ_TRAITS, gates: [], skills: SL },
    WE: {
      rule: 'traits',
      traits: [
        { trait: 'content', max: 3 },
        WE_FORM,
        { trait: 'development', max: 2 },
        WE_GRAMMAR,
        { trait: 'linguistic-range', max: 2 },
        VOCABULARY,
        SPELLING,
      ],
      gates: WRITING_GATES,
      skills: W,
    },
    RWFIB: objective('per-blank', { reading: 1, writing: 1 }),
    SST: {
      rule: 'traits',
      traits: [{ trait: 'content', max: 2 }, SST_FORM, SHORT_GRAMMAR, VOCABULARY, SPELLING],
      gates: WRITING_GATES,
      skills: LW,
    },
    LFIB: objective('per-blank', LW),
  },
  writing: WRITING_RUBRIC,
  speaking: SPEAKING_RUBRIC,
  mock: MOCK_AGGREGATION,
};
