export * from './courses';
