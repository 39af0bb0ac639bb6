export * from './permissions';
export * from './store-list';
export * from './files';
export * from './schemas';
export * from './us-states';
