export * from './blueprint';
export * from './paper';
export * from './report';
export * from './api';
