import type { Sql } from '../../../db/database';
import { insertMessages, type MessageRecord } from './write-message';

// Keeps one statement's parameters well under the protocol's limit of 65,535.
const ROWS_PER_STATEMENT = 500;

/**
 * Writes many finished messages at once (the demo seed): no dedupe, no counters and no inbox
 * announcement, since the caller derives counters from the rows and nobody is watching yet.
 */
export async function writeMessagesInBulk(tx: Sql, records: MessageRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += ROWS_PER_STATEMENT) await insertMessages(tx, records.slice(i, i + ROWS_PER_STATEMENT));
}
