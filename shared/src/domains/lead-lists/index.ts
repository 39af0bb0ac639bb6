export * from './constants';
export * from './pipeline';
export * from './schemas';
