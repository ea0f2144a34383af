export * from './blueprint';
export * from './paper';
