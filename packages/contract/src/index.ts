export * from './errors';
export * from './envelope';
export * from './headers';
export * from './health';
export * from './client-error';
export * from './auth';
export * from './item-types';
export * from './items';
