/**
 * Pure business rules of the conversation core, shared by the client, the API and the sync
 * server. Each module has its tests beside it.
 */
export * from './message-kind';
export * from './phone';
export * from './status-icon';
export * from './business-clock';
export * from './response-delay';
export * from './response-time';
export * from './visibility';
export * from './segments';
export * from './html-text';
export * from './opt-out';
export * from './live-list';
export * from './truncate';
