export * from './materials';
export * from './review';
export * from './practice';
export * from './api';
