import type { beforeHandleAwarenessPayload, beforeSyncPayload, Connection, Extension } from '@hocuspocus/server';
import type * as Y from 'yjs';
import { boardShape, checkUpdate, parseDocName, type DocKind, type DocShape } from '@drivebay/shared/docs';
import { closeConnection, DocumentTooBig, MessageTooBig, OutsideSchema, type CloseEvent, type SyncContext } from '../context';
import { createConsoleLogger, type Logger } from '../logger';

// y-protocols sync message types that change a document.
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/**
 * The largest change a client may write in one message. A move is a few hundred bytes; a client
 * back from a long offline spell sends its moves together, thousands of which still fit.
 */
export const MAX_WRITE_BYTES = 1024 * 1024;
/** The largest a client-written document may grow (a board of a few hundred cards is ~100 kB). */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;

/** The most presence one message may carry: a state (who, where, typing) is a few hundred bytes. */
export const MAX_PRESENCE_BYTES = 16 * 1024;

/** What clients may write, per kind of document; a kind not listed takes no client writes. */
const SHAPES: Partial<Record<DocKind, DocShape>> = { board: boardShape };

export type DocumentShapeOptions = { logger?: Logger; maxWriteBytes?: number; maxDocumentBytes?: number };

/**
 * Documents accept only their shape. Every client update is tried on a copy of the document
 * first and refused (never applied, broadcast or stored) when it writes outside the document's
 * shape (see `shared/src/docs/shape.ts`), is larger than {@link MAX_WRITE_BYTES}, or would grow
 * the document past {@link MAX_DOCUMENT_BYTES}; the connection is closed with the matching code.
 * Presence larger than {@link MAX_PRESENCE_BYTES} a message is refused the same way.
 * Read-only connections (the inbox) are left to Hocuspocus, which drops their updates.
 */
export class DocumentShape implements Extension<SyncContext> {
  extensionName = 'drivebay-document-shape';
  // After the session check, before anything is applied.
  priority = 150;

  private readonly logger: Logger;
  private readonly maxWriteBytes: number;
  private readonly maxDocumentBytes: number;

  constructor(options: DocumentShapeOptions = {}) {
    this.logger = options.logger ?? createConsoleLogger('warn');
    this.maxWriteBytes = options.maxWriteBytes ?? MAX_WRITE_BYTES;
    this.maxDocumentBytes = options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  }

  async beforeSync({ connection, document, documentName, context, type, payload }: beforeSyncPayload<SyncContext>): Promise<void> {
    if ((type !== SYNC_STEP_2 && type !== SYNC_UPDATE) || connection.readOnly) return;
    const refusal = this.refusal(document, documentName, context, payload);
    if (!refusal) return;
    this.logger.warn({ documentName, userId: context.user?.userId, bytes: payload.byteLength, ...refusal.fields }, `refused an update: ${refusal.event.reason}`);
    closeConnection(connection, refusal.event);
    throw refusal.event;
  }

  /** Whether a client's update keeps to its document's shape and limits (see plain-updates.ts). */
  acceptsPlainUpdate(connection: Connection<SyncContext>, update: Uint8Array): boolean {
    return !connection.readOnly && this.refusal(connection.document, connection.document.name, connection.context, update) === null;
  }

  /** Why a client's update is refused, with what the log says of it; null when it is taken. */
  private refusal(document: Y.Doc, documentName: string, context: SyncContext, payload: Uint8Array): { event: CloseEvent; fields: Record<string, unknown> } | null {
    if (payload.byteLength > this.maxWriteBytes) return { event: MessageTooBig, fields: { limit: this.maxWriteBytes } };
    // Every handshake carries one; most are empty (a Yjs update of no structs and no deletions).
    if (payload.byteLength === 2 && payload[0] === 0 && payload[1] === 0) return null;
    // Read when the connection was authenticated; parsed here only for a context without it.
    const kind = (context.doc ?? parseDocName(documentName))?.kind;
    const shape = kind ? SHAPES[kind] : undefined;
    if (!shape) return { event: OutsideSchema, fields: { problem: 'the document takes no client writes' } };
    const { problem, bytes } = checkUpdate(document, payload, shape, this.maxDocumentBytes);
    if (problem) return { event: OutsideSchema, fields: { problem } };
    if (bytes > this.maxDocumentBytes) return { event: DocumentTooBig, fields: { documentBytes: bytes, limit: this.maxDocumentBytes } };
    return null;
  }

  /** Presence is broadcast to everyone on the document, read-only ones included: it is capped too. */
  async beforeHandleAwareness({ connection, states, documentName, context }: beforeHandleAwarenessPayload<SyncContext>): Promise<void> {
    if (!connection) return;
    let bytes = 0;
    for (const state of states.values()) bytes += JSON.stringify(state ?? null).length;
    if (bytes <= MAX_PRESENCE_BYTES) return;
    this.logger.warn({ documentName, userId: context?.user?.userId, bytes, limit: MAX_PRESENCE_BYTES }, 'refused oversized presence');
    closeConnection(connection, MessageTooBig);
    throw MessageTooBig;
  }
}
