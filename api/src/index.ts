// What other packages of the product (the sync server, scripts, benchmarks) use from the API.
export { openDatabase, databaseAnswers, type Database, type Sql } from './db/database';
export { migrate } from './db/migrate';
export { listenForInboxChanges, INBOX_CHANNEL, type InboxNotification } from './services/conversations/notifier';
export { findSession, findStorePlace, createSession, endSession, hashToken, type SessionUser } from './services/auth/sessions';
export {
  announceSessionsEnded,
  onSessionsEnded,
  listenForSessionEnds,
  findLiveSessions,
  SESSION_ENDED_CHANNEL,
  type SessionEnd,
} from './services/auth/session-ends';
