export * from './users';
export * from './auth';
export * from './items';
export * from './attempts';
export * from './words';
