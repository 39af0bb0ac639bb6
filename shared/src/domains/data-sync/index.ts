export * from './constants';
export * from './rules';
export * from './schemas';
