export * from './schemas';
export * from './messages';
export * from './interaction';
export * from './rules';
