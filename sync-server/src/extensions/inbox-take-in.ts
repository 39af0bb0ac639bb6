import type { Document, Hocuspocus, LocalTransactionOrigin } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { Sql } from '@drivebay/api';
import { checkUpdate, isPlainObject, markInboxChanged, replaceInboxRows, type DocShape } from '@drivebay/shared/docs';
import { queryInboxRows } from '../inbox/query-inbox-rows';
import type { Logger } from '../logger';
import { MAX_DOCUMENT_BYTES } from './document-shape';
import { inSequence } from './in-sequence';

const TAKE_IN_ORIGIN: LocalTransactionOrigin = { source: 'local', context: { inboxTakeIn: true } };

/**
 * What a screen may hand back of an inbox: rows under interaction ids (whatever their content,
 * which PostgreSQL's rows replace at once) and the projection's two stamps. Anything else is not
 * something a server ever wrote there.
 */
const TAKE_IN_SHAPE: DocShape = {
  rows: (key, value) => (/^[1-9][0-9]*$/.test(key) ? (value === undefined || isPlainObject(value) ? null : 'a row is a JSON object') : 'a row sits under an interaction id'),
  meta: (key, value) => (key === 'rebuiltAt' || key === 'changedAt' ? (value === undefined || typeof value === 'string' ? null : 'a stamp is a date') : `no meta entry "${key}"`),
};

/** What came of a screen's handshake. */
export type TakeIn = 'nothing-new' | 'taken-in' | 'refused';

/**
 * A screen reconnecting to an inbox hands back (as the second step of its handshake) whatever it
 * holds that this process's copy lacks. Normally nothing; but after a sync process died, a screen
 * that stayed open can hold rows the dead process wrote and never stored. This process rebuilt
 * the inbox from PostgreSQL and has no knowledge of them, and since Yjs settles concurrent writes
 * of one row by client id, not by time, the screen could keep the dead process's row for as long
 * as it stays open.
 *
 * So the screen's part is applied to the document here, together with PostgreSQL's rows written
 * over it, in one transaction: the result on every screen (the one reconnecting, the others, peers
 * through Redis) is PostgreSQL's rows, and what the dead process wrote is overwritten rather than
 * left as a competing value. The inbox stays read-only for clients: nothing a screen hands back
 * survives unless PostgreSQL has it too.
 */
export async function takeInInboxState(
  hocuspocus: Hocuspocus,
  document: Document,
  storeId: number,
  update: Uint8Array,
  sql: Sql,
  logger: Logger,
): Promise<TakeIn> {
  if (isEmptyUpdate(update) || Y.snapshotContainsUpdate(Y.snapshot(document), update)) return 'nothing-new';
  const documentName = document.name;
  if (update.byteLength > MAX_DOCUMENT_BYTES) {
    logger.warn({ documentName, bytes: update.byteLength }, 'an inbox screen handed back more than a document holds; not taken in');
    return 'refused';
  }
  return inSequence(hocuspocus, documentName, async () => {
    const { problem } = checkUpdate(document, update, TAKE_IN_SHAPE);
    if (problem) {
      logger.warn({ documentName, problem }, 'an inbox screen handed back something that is not an inbox; not taken in');
      return 'refused';
    }
    const rows = await queryInboxRows(sql, { storeId, logger });
    const now = new Date();
    document.transact((transaction) => {
      Y.applyUpdate(document, update);
      // Applying an update marks the whole transaction remote; the rows below are this process's
      // own writes (left marked remote, Yjs would take them for another client using this
      // document's client id and change it).
      transaction.local = true;
      replaceInboxRows(document, rows, now);
      markInboxChanged(document, now);
    }, TAKE_IN_ORIGIN);
    logger.info({ documentName, bytes: update.byteLength, rows: rows.length }, 'took in what an inbox screen held and re-asserted the database’s rows');
    return 'taken-in';
  });
}

/** A Yjs update of no structs and no deletions: what almost every handshake carries. */
function isEmptyUpdate(update: Uint8Array): boolean {
  return update.byteLength === 2 && update[0] === 0 && update[1] === 0;
}
