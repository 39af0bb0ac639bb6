export * from './constants';
export * from './rules';
export * from './schemas';
export * from './public-pages';
export * from './sales-appointment';
