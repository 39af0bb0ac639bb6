// What the API (embedding the sync server on its own port) and scripts use.
export { createSyncServer, isCollabRequest, COLLAB_PATH, type SyncServer, type SyncServerOptions } from './server';
export { refreshInboxRows, rebuildInbox, type InboxRefresh } from './extensions/inbox-projection';
export { Unauthorized, Forbidden, TryAgainLater, type SyncContext, type CloseEvent } from './context';
export { createConsoleLogger, type Logger, type LogLevel } from './logger';
export { BoardProjection, refreshBoard, DEFAULT_BOARD_REFRESH_MS, type BoardRefresh, type BoardProjectionOptions } from './extensions/board-projection';
export { refreshStore } from './extensions/store-refresh';
