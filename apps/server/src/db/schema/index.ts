export * from './users';
export * from './auth';
export * from './items';
export * from './attempts';
export * from './comments';
export * from './study';
export * from './settings';
export * from './words';
