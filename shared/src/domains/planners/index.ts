export * from './constants';
export * from './rules';
export * from './schemas';
export * from './display';
export * from './cv-leads';
export * from './art';
