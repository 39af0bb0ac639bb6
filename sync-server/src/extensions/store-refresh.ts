import type { Hocuspocus } from '@hocuspocus/server';
import type { Sql } from '@drivebay/api';
import { createConsoleLogger, type Logger } from '../logger';
import { refreshBoard } from './board-projection';
import { refreshInboxRows } from './inbox-projection';

/**
 * After a commit that changed a store's conversations or appointments: the inbox rows of the named
 * interactions, and the store's repair-order board (unread counts, cancelled or missed appointments),
 * each only where a screen has the document open. `interactionIds` may be empty for a change that
 * touches the board alone (an appointment without a conversation).
 */
export async function refreshStore(
  hocuspocus: Hocuspocus,
  storeId: number,
  interactionIds: readonly number[],
  sql: Sql,
  logger: Logger = createConsoleLogger('warn'),
): Promise<void> {
  const results = await Promise.allSettled([
    refreshInboxRows(hocuspocus, storeId, interactionIds, sql, logger),
    refreshBoard(hocuspocus, storeId, sql, logger),
  ]);
  for (const r of results) if (r.status === 'rejected') logger.warn({ err: r.reason, storeId }, 'refreshing a store’s documents failed');
}
