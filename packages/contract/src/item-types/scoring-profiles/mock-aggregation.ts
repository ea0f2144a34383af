/**
 * Mock-exam aggregation rules (issue 13): how uncertain each item type's estimate is, how ranges
 * are drawn, and the eight categories of the skills profile. Shared by both profiles; a change of
 * numbers is a new `calibrationId`.
 */
import type { MockAggregationRules } from './rubric';

/**
 * Standard error of one item's 10–90 estimate, per type. Our calibration, in three tiers plus the
 * binary items: several scoring units (blanks, words, options) average out more than one; the
 * measured speaking traits (RA, RS) and the writing traits are steadier than content judged from
 * keywords in open speech, which is the least certain (DI, RL, RTS, SGD).
 */
const MULTI_UNIT = 14;
const ONE_POINT = 18;
const SHORT_SPEECH = 16;
const WRITING = 18;
const OPEN_SPEECH = 24;

export const MOCK_AGGREGATION: MockAggregationRules = {
  calibrationId: 'ninety-mock-2026-11',
  itemSd: {
    RA: SHORT_SPEECH,
    RS: SHORT_SPEECH,
    DI: OPEN_SPEECH,
    RL: OPEN_SPEECH,
    ASQ: ONE_POINT,
    RTS: OPEN_SPEECH,
    SGD: OPEN_SPEECH,
    SWT: WRITING,
    WE: WRITING,
    RWFIB: MULTI_UNIT,
    RMCM: MULTI_UNIT,
    RO: MULTI_UNIT,
    RFIB: MULTI_UNIT,
    RMCS: ONE_POINT,
    SST: WRITING,
    LMCM: MULTI_UNIT,
    LFIB: MULTI_UNIT,
    HCS: ONE_POINT,
    LMCS: ONE_POINT,
    SMW: ONE_POINT,
    HIW: MULTI_UNIT,
    WFD: MULTI_UNIT,
  },
  unscoredItemSd: 80 / Math.sqrt(12),
  // Prep companies report 3–7 points between good mocks and the real test (next-features §2.2).
  calibrationSd: 3,
  rangeZ: 1.645,
  strengthMargin: 5,
  strengthMin: 50,
  weaknessMargin: 5,
  weaknessBelow: 50,
  strongTraitShare: 0.8,
  weakTraitShare: 0.5,
  /*
   * next-features §1.3: Open response = DI, RL, WE, SWT (SST); Reproducing = RA, RS, WFD [R/U].
   * Where RTS and SGD fall is not published: as open answers of some length, ours puts them with
   * DI and RL. Multiple-skills comprehension is the integrated types (those feeding two skills in
   * pte-2025-08); single-skill the rest that test understanding.
   */
  skillsProfile: [
    {
      id: 'open-response',
      nameZh: '开放式口语与写作',
      nameEn: 'Open response speaking and writing',
      types: ['DI', 'RL', 'RTS', 'SGD', 'SWT', 'WE', 'SST'],
    },
    {
      id: 'reproducing',
      nameZh: '口语与书面语复现',
      nameEn: 'Reproducing spoken and written language',
      types: ['RA', 'RS', 'WFD'],
    },
    {
      id: 'extended-writing',
      nameZh: '长篇写作',
      nameEn: 'Extended writing',
      types: ['WE', 'SST'],
    },
    {
      id: 'short-writing',
      nameZh: '简短写作',
      nameEn: 'Short writing',
      types: ['SWT', 'LFIB', 'WFD'],
    },
    {
      id: 'extended-speaking',
      nameZh: '长篇口语',
      nameEn: 'Extended speaking',
      types: ['DI', 'RL', 'RTS', 'SGD'],
    },
    {
      id: 'short-speaking',
      nameZh: '简短口语',
      nameEn: 'Short speaking',
      types: ['RA', 'RS', 'ASQ'],
    },
    {
      id: 'multiple-skills',
      nameZh: '多技能综合理解',
      nameEn: 'Multiple-skills comprehension',
      types: ['RS', 'RL', 'SGD', 'SWT', 'SST', 'HCS', 'HIW', 'WFD'],
    },
    {
      id: 'single-skill',
      nameZh: '单项技能理解',
      nameEn: 'Single-skill comprehension',
      types: ['ASQ', 'RWFIB', 'RMCM', 'RO', 'RFIB', 'RMCS', 'LMCM', 'LFIB', 'LMCS', 'SMW'],
    },
  ],
};
