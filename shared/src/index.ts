export * from './codes';
export * from './errors';
export * from './domains/auth/schemas';
export * from './domains/auth/rules';
export * from './domains/org/schemas';
export * from './domains/org/scope';
export * from './domains/conversations/schemas';
export * from './domains/conversations/rules';
