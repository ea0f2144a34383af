export * from './assemble-paper';
export { seededRandom, shuffled } from './seeded-random';
