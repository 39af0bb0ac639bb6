import type { Extension, afterUnloadDocumentPayload, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { Sql } from '@drivebay/api';
import type { Logger } from '../logger';

/** Where a document loaded without a stored row: the first store inserts it. */
const NO_ROW = -1;

/** The transaction origin of state merged in from the stored copy. */
export const STORED_STATE_ORIGIN = { source: 'persistence-merge' } as const;

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * Keeps each document's state in `yjs_document`: loaded once when the document opens, stored
 * (debounced by Hocuspocus) as one merged update. A merged full state rather than a log of
 * updates keeps a load to one row and one `applyUpdate`.
 *
 * Stores merge, never overwrite. Each row carries a version; a process remembers the version it
 * last read or wrote for each document it holds. When the row still has that version, nobody else
 * wrote it and the state replaces it (one statement). When another process wrote it meanwhile (two
 * processes held the document), the stored state and this process's state are merged under a row
 * lock, and what the other process wrote is applied to the open document too, so its clients
 * get it.
 */
export class Persistence implements Extension {
  extensionName = 'drivebay-persistence';
  // Runs first so every other extension's load hooks see the stored state.
  priority = 1000;
  private readonly versions = new Map<string, number>();

  constructor(private readonly options: { sql: Sql; logger: Logger }) {}

  async onLoadDocument({ documentName }: onLoadDocumentPayload): Promise<Uint8Array | undefined> {
    const [row] = await this.options.sql<{ state: Uint8Array; version: string }[]>`
      select state, version from yjs_document where name = ${documentName}`;
    this.versions.set(documentName, row ? Number(row.version) : NO_ROW);
    return row?.state;
  }

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const { sql, logger } = this.options;
    const state = Y.encodeStateAsUpdate(document);
    const known = this.versions.get(documentName);
    if (known === NO_ROW) {
      const [inserted] = await sql<{ version: string }[]>`
        insert into yjs_document (name, state, version) values (${documentName}, ${toBuffer(state)}, 1)
        on conflict (name) do nothing returning version`;
      if (inserted) return this.stored(documentName, 1, state.byteLength);
    } else if (known !== undefined) {
      const [updated] = await sql<{ version: string }[]>`
        update yjs_document set state = ${toBuffer(state)}, version = version + 1, updated_on = now()
        where name = ${documentName} and version = ${known} returning version`;
      if (updated) return this.stored(documentName, Number(updated.version), state.byteLength);
    }
    // Another process wrote the document since this one read it: merge the two.
    const { version, theirs } = await sql.begin(async (t) => {
      const tx = t as unknown as Sql;
      const [row] = await tx<{ state: Uint8Array; version: string }[]>`
        select state, version from yjs_document where name = ${documentName} for update`;
      if (!row) {
        const [ins] = await tx<{ version: string }[]>`
          insert into yjs_document (name, state, version) values (${documentName}, ${toBuffer(state)}, 1) returning version`;
        return { version: Number(ins!.version), theirs: null };
      }
      const merged = Y.mergeUpdates([row.state, state]);
      const [upd] = await tx<{ version: string }[]>`
        update yjs_document set state = ${toBuffer(merged)}, version = version + 1, updated_on = now()
        where name = ${documentName} returning version`;
      return { version: Number(upd!.version), theirs: row.state };
    });
    this.stored(documentName, version, state.byteLength);
    if (theirs) {
      logger.info({ documentName, version }, 'merged a document another process had stored');
      Y.applyUpdate(document, theirs, STORED_STATE_ORIGIN);
    }
  }

  async afterUnloadDocument({ documentName, instance }: afterUnloadDocumentPayload): Promise<void> {
    // A document opened again before this hook ran keeps the version its new load read.
    if (!instance.documents.has(documentName)) this.versions.delete(documentName);
  }

  private stored(documentName: string, version: number, bytes: number): void {
    this.versions.set(documentName, version);
    this.options.logger.debug({ documentName, bytes, version }, 'stored document');
  }
}
