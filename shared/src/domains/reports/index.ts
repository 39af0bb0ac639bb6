export * from './catalog';
export * from './constants';
export * from './rules';
export * from './schemas';
export * from './database-views';
export * from './templates';
