/**
 * Typed accessors of the shared Yjs documents: the only code that touches a Y.Doc by raw keys.
 * Client hooks, sync-server extensions and API writes all go through these.
 */
export * from './names';
export * from './inbox';
export * from './board';
export * from './order-key';
export * from './shape';
export * from './presence';
