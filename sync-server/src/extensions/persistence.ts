import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { Sql } from '@drivebay/api';
import type { Logger } from '../logger';

/**
 * Keeps each document's state in `yjs_document`: loaded once when the document opens, stored
 * (debounced by Hocuspocus) as one merged update. A merged full state rather than a log of
 * updates keeps a load to one row and one `applyUpdate`.
 */
export class Persistence implements Extension {
  extensionName = 'drivebay-persistence';
  // Runs first so every other extension's load hooks see the stored state.
  priority = 1000;

  constructor(private readonly options: { sql: Sql; logger: Logger }) {}

  async onLoadDocument({ documentName }: onLoadDocumentPayload): Promise<Uint8Array | undefined> {
    const [row] = await this.options.sql<{ state: Uint8Array }[]>`
      select state from yjs_document where name = ${documentName}`;
    return row?.state;
  }

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const state = Y.encodeStateAsUpdate(document);
    await this.options.sql`
      insert into yjs_document (name, state) values (${documentName}, ${Buffer.from(state.buffer, state.byteOffset, state.byteLength)})
      on conflict (name) do update set state = excluded.state, updated_on = now()`;
    this.options.logger.debug({ documentName, bytes: state.byteLength }, 'stored document');
  }
}
