export * from './constants';
export * from './schemas';
export * from './workflow';
export * from './controls';
