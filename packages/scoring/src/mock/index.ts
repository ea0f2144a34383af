export * from './assemble-paper';
export { seededRandom, shuffled } from './seeded-random';
export {
  aggregateMockScores,
  MOCK_LABEL_ZH,
  MOCK_NOTE_ZH,
  type MockItemOutcome,
  type MockResultInput,
} from './skill-scores';
export { TRAIT_TIPS_ZH, TYPE_TIPS_ZH } from './skills-profile';
