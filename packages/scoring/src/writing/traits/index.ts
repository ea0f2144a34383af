/**
 * One function per writing trait, one file each (pte-rules §Part 1 SWT/WE, §Part 3 SST, §Gate
 * rules; the bands and thresholds come from the scoring profile). Each returns the score and the
 * evidence the learner sees: marks on their own words, measures, covered key points.
 */
export { numericMax } from './shared';
export { scoreForm } from './form';
export { scoreSpelling } from './spelling';
export { scoreGrammar } from './grammar';
export { scoreVocabulary } from './vocabulary';
export { scoreContent, type ContentSource } from './content';
export { scoreDevelopment } from './development';
export { scoreLinguisticRange } from './linguistic-range';
