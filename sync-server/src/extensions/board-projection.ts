import type {
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  Document,
  Extension,
  Hocuspocus,
  LocalTransactionOrigin,
} from '@hocuspocus/server';
import type { Sql } from '@drivebay/api';
import {
  boardDocName,
  boardShape,
  cardProblem,
  clearOutsideShape,
  encodeBoardNotice,
  observeBoard,
  parseDocName,
  readBoard,
  readCard,
  removeCards,
  replaceCards,
  upsertCards,
  type BoardCard,
  type BoardChange,
} from '@drivebay/shared/docs';
import type { SyncContext } from '../context';
import { createConsoleLogger, type Logger } from '../logger';
import { queryBoardCards, type ProjectedCard } from './board-cards';
import { decideCardChanges, type CardVerdict, type Mover, type ObservedCard } from './board-moves';
import { holdsDocument, inSequence } from './in-sequence';

/**
 * How often a board open on some screen is brought up to date with PostgreSQL even when nothing
 * told it to (unread counts change with every customer message; a missed refresh heals).
 */
export const DEFAULT_BOARD_REFRESH_MS = 60_000;

/**
 * How long the moves of a board are gathered before they are checked against PostgreSQL together.
 * The moves reach every other screen at once (the relay does not wait for the check); the window
 * turns a burst of moves into one transaction, one read of the moved cards and one write of the
 * document, instead of one of each per move.
 */
export const DEFAULT_CHECK_WINDOW_MS = 250;

/**
 * The least time between two stores of a board's state that moves cause (each one encodes and
 * writes the whole document). Moves in between are stored with the next one.
 */
export const DEFAULT_STORE_EVERY_MS = 2_000;

const SERVER_ORIGIN: LocalTransactionOrigin = { source: 'local', context: {} };

/**
 * Cards people changed whose check has not run yet, per open board. A refresh from PostgreSQL
 * leaves them alone: PostgreSQL does not have the move yet, and writing its older value would
 * undo the move before it is checked.
 */
const awaitingCheck = new WeakMap<Document, Set<number>>();

export type BoardProjectionOptions = {
  sql: Sql;
  logger?: Logger;
  refreshEveryMs?: number;
  /**
   * Told after moves of a store were written to PostgreSQL. With several sync processes this
   * announces the store, so every process holding its board re-reads it: PostgreSQL is the
   * referee when two processes wrote the same card at once.
   */
  onMovesProjected?: ((storeId: number) => Promise<void>) | undefined;
  /** See {@link DEFAULT_CHECK_WINDOW_MS}. */
  checkWindowMs?: number;
  /** See {@link DEFAULT_STORE_EVERY_MS}. */
  storeEveryMs?: number;
};

/**
 * Projects `store:{id}:board` documents to and from PostgreSQL.
 *
 * On load the cards are rebuilt from PostgreSQL (open orders and today's closed ones). Clients
 * then move cards by writing their places (`moveCard`); every card a client changes is checked
 * against PostgreSQL after Yjs has applied (and relayed) the change, never before: refusing an
 * update outright would leave the client's later updates without the ones they build on. What a
 * client may write at all is checked before, in line (`DocumentShape`). Changes are gathered for
 * {@link DEFAULT_CHECK_WINDOW_MS} and checked together: a valid move is written to PostgreSQL
 * (status, order key, audit row) in one transaction with the rest of its batch; an
 * invalid one (unknown card, lane or key, a move the lane rules refuse, a removed card, other
 * fields edited) is repaired by writing the server's card back, which every client receives, and
 * the mover is told why by a stateless 'board-move-rejected' message.
 *
 * Two people moving one card at once both see the value Yjs keeps for that key; its check runs
 * last, so PostgreSQL ends where the board shows the card. Moves made offline arrive with the
 * client's next sync and are checked the same way.
 */
export class BoardProjection implements Extension<SyncContext> {
  extensionName = 'drivebay-board-projection';

  private readonly sql: Sql;
  private readonly logger: Logger;
  private readonly refreshEveryMs: number;
  private readonly onMovesProjected: ((storeId: number) => Promise<void>) | undefined;
  /** Per loaded board: how to stop watching it. */
  private readonly watching = new Map<string, () => void>();
  /** Per board: cards changed by clients and not yet checked, with who changed each. */
  private readonly pending = new Map<string, Map<number, Mover>>();
  private readonly checkWindowMs: number;
  private readonly storeEveryMs: number;
  /** Per board: when its state was last stored after moves, and the store waiting its turn. */
  private readonly stores = new Map<string, { at: number; waiting: Promise<void> | null }>();

  constructor(options: BoardProjectionOptions) {
    this.sql = options.sql;
    this.logger = options.logger ?? createConsoleLogger('warn');
    this.refreshEveryMs = options.refreshEveryMs ?? DEFAULT_BOARD_REFRESH_MS;
    this.onMovesProjected = options.onMovesProjected;
    this.checkWindowMs = options.checkWindowMs ?? DEFAULT_CHECK_WINDOW_MS;
    this.storeEveryMs = options.storeEveryMs ?? DEFAULT_STORE_EVERY_MS;
  }

  async afterLoadDocument({ documentName, document, instance }: afterLoadDocumentPayload<SyncContext>): Promise<void> {
    const address = parseDocName(documentName);
    if (address?.kind !== 'board') return;
    // Written on the document itself: a direct connection here would wait for this very load.
    // No client update has been applied yet, so the stored state can simply be replaced.
    const cards = await queryBoardCards(this.sql, { storeId: address.storeId, logger: this.logger });
    const onBoard = cards.filter((c) => c.onBoard).map((c) => c.card);
    let result = { written: 0, removed: 0 };
    let cleared: string[] = [];
    document.transact(() => {
      result = replaceCards(document, onBoard);
      // Anything a client wrote outside the board's shape before shapes were enforced.
      cleared = clearOutsideShape(document, boardShape);
    }, SERVER_ORIGIN);
    this.logger.info({ documentName, cards: onBoard.length, ...result, cleared }, 'rebuilt board from the database');

    this.watching.get(documentName)?.();
    const unobserve = observeBoard(document, (change, origin) => this.changed(instance, document, address.storeId, change, origin));
    const timer = setInterval(() => {
      refreshBoard(instance, address.storeId, this.sql, this.logger).catch((error: unknown) =>
        this.logger.warn({ err: error, documentName }, 'periodic board refresh failed'),
      );
    }, this.refreshEveryMs);
    timer.unref();
    this.watching.set(documentName, () => {
      unobserve();
      clearInterval(timer);
    });
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    this.watching.get(documentName)?.();
    this.watching.delete(documentName);
    if (!this.stores.get(documentName)?.waiting) this.stores.delete(documentName);
  }

  async onDestroy(): Promise<void> {
    for (const stop of this.watching.values()) stop();
    this.watching.clear();
  }

  /** Called inside the transaction that applied a change; queues the check of what a client changed. */
  private changed(instance: Hocuspocus, document: Document, storeId: number, change: BoardChange, origin: unknown): void {
    // The server's own writes are right by construction; a peer server's (Redis) were checked there.
    if (change.local || !isClientOrigin(origin)) return;
    const user = origin.connection.context.user;
    if (!user) return;
    const mover: Mover = { userId: user.userId, tokenHash: user.tokenHash };
    const name = document.name;
    let batch = this.pending.get(name);
    const first = !batch;
    if (!batch) this.pending.set(name, (batch = new Map()));
    let waiting = awaitingCheck.get(document);
    if (!waiting) awaitingCheck.set(document, (waiting = new Set()));
    for (const id of [...change.upserted, ...change.removed]) {
      batch.set(id, mover);
      waiting.add(id);
    }
    if (!first) return;
    // Held open until the check has written its repairs, so the document cannot unload first.
    document.addDirectConnection();
    const run = () =>
      void inSequence(instance, name, () => this.check(instance, document, storeId))
        .catch((error: unknown) => this.logger.error({ err: error, documentName: name }, 'could not check board changes'))
        .finally(() => document.removeDirectConnection());
    if (this.checkWindowMs > 0) setTimeout(run, this.checkWindowMs);
    else run();
  }

  /**
   * Stores the board's state after moves were written to PostgreSQL: at once when the last such
   * store is {@link DEFAULT_STORE_EVERY_MS} old, else once that time is up (one store for every
   * move in between). The document is held open until then.
   */
  private storeAfterMoves(instance: Hocuspocus, document: Document): Promise<void> {
    const name = document.name;
    let entry = this.stores.get(name);
    if (!entry) this.stores.set(name, (entry = { at: 0, waiting: null }));
    if (entry.waiting) return entry.waiting;
    const state = entry;
    const wait = Math.max(0, state.at + this.storeEveryMs - Date.now());
    document.addDirectConnection();
    state.waiting = new Promise<void>((resolve) => setTimeout(resolve, wait))
      .then(async () => {
        state.at = Date.now();
        state.waiting = null;
        await instance.storeDocumentHooks(
          document,
          { clientsCount: document.getConnectionsCount(), document, lastContext: {}, lastTransactionOrigin: SERVER_ORIGIN, documentName: name, instance },
          true,
        );
      })
      .catch((error: unknown) => this.logger.error({ err: error, documentName: name }, 'could not store the board after moves'))
      .finally(() => {
        document.removeDirectConnection();
        if (this.stores.get(name) === state && !state.waiting && !instance.documents.has(name)) this.stores.delete(name);
      });
    return wait === 0 ? state.waiting : Promise.resolve();
  }

  private async check(instance: Hocuspocus, document: Document, storeId: number): Promise<void> {
    const name = document.name;
    const movedBy = this.pending.get(name);
    this.pending.delete(name);
    if (!movedBy || movedBy.size === 0) return;
    const waiting = awaitingCheck.get(document);
    for (const id of movedBy.keys()) waiting?.delete(id);

    const observed = new Map<number, ObservedCard>();
    const seen = new Map<number, string>();
    for (const id of movedBy.keys()) {
      const card = readCard(document, id);
      observed.set(id, card ? { card, problem: null } : { card: null, problem: cardProblem(document, id) ?? 'the card is not valid' });
      seen.set(id, fingerprint(document, id));
    }
    const verdicts = await decideCardChanges(this.sql, { storeId, observed, movedBy });
    const projected = new Map(
      (await queryBoardCards(this.sql, { storeId, ids: [...movedBy.keys()], logger: this.logger })).map((p) => [p.card.id, p]),
    );

    const connection = await instance.openDirectConnection(name, {});
    try {
      await connection.transact((doc) => {
        for (const verdict of verdicts) {
          // Changed again since it was read: that change is queued and will be checked itself.
          if (fingerprint(doc, verdict.id) !== seen.get(verdict.id)) continue;
          repair(doc, verdict, projected.get(verdict.id));
        }
      });
    } finally {
      await connection.disconnect({ unloadImmediately: false });
    }

    if (verdicts.some((v) => v.kind === 'accepted')) {
      // Stored within seconds rather than after Hocuspocus's longer debounce: a process that takes
      // the board over after this one dies should load the moves PostgreSQL already has, so a later
      // move builds on them rather than competing with an older copy of them.
      await this.storeAfterMoves(instance, document);
    }
    if (this.onMovesProjected && verdicts.some((v) => v.kind === 'accepted')) {
      await this.onMovesProjected(storeId).catch((error: unknown) => this.logger.warn({ err: error, storeId }, 'could not announce board moves'));
    }
    for (const verdict of verdicts) {
      if (verdict.kind === 'accepted') this.logger.debug({ documentName: name, ...verdict }, 'board move projected');
      if (verdict.kind !== 'rejected') continue;
      this.logger.info({ documentName: name, ...verdict, userId: movedBy.get(verdict.id)?.userId }, 'board move refused');
      document.broadcastStateless(
        encodeBoardNotice({
          type: 'board-move-rejected',
          cardId: verdict.id,
          roNumber: verdict.roNumber,
          userId: movedBy.get(verdict.id)?.userId ?? null,
          message: `Move not allowed: ${verdict.reason} (RO ${verdict.roNumber})`,
        }),
      );
    }
  }
}

type ClientOrigin = { source: 'connection'; connection: { context: SyncContext } };

function isClientOrigin(origin: unknown): origin is ClientOrigin {
  return typeof origin === 'object' && origin !== null && (origin as { source?: unknown }).source === 'connection';
}

/** What is under a card id right now, to notice a change made while a check was under way. */
function fingerprint(doc: Document, id: number): string {
  const card = readCard(doc, id);
  return card ? JSON.stringify(card) : `invalid:${cardProblem(doc, id) ?? ''}`;
}

/** Fields a client has no business changing; `updatedOn` is the mover's stamp and may differ. */
function sameDisplay(a: BoardCard, b: BoardCard): boolean {
  return JSON.stringify({ ...a, updatedOn: '' }) === JSON.stringify({ ...b, updatedOn: '' });
}

/** Brings one card in line with PostgreSQL after a verdict. */
function repair(doc: Document, verdict: CardVerdict, projected: ProjectedCard | undefined): void {
  if (!projected || !projected.onBoard) {
    removeCards(doc, [verdict.id]);
    return;
  }
  const current = readCard(doc, verdict.id);
  if (verdict.kind === 'rejected' || !current || !sameDisplay(current, projected.card)) upsertCards(doc, [projected.card]);
}


/** What a refresh did to a board. */
export type BoardRefresh = { written: number; removed: number };

/**
 * Brings a store's board up to date with PostgreSQL: call it after committing anything a card
 * shows (the dealer feed moved, opened or closed orders; a customer's message changed an unread
 * count). A board no screen has open is left alone (it is rebuilt when next opened); returns null
 * then. A card a client changes while the refresh reads PostgreSQL is left to that change's check.
 */
export async function refreshBoard(
  hocuspocus: Hocuspocus,
  storeId: number,
  sql: Sql,
  logger: Logger = createConsoleLogger('warn'),
): Promise<BoardRefresh | null> {
  const name = boardDocName(storeId);
  if (!holdsDocument(hocuspocus, name)) return null;
  return inSequence(hocuspocus, name, async () => {
    const document = hocuspocus.documents.get(name) ?? (await hocuspocus.loadingDocuments.get(name));
    if (!document) return null;
    const connection = await hocuspocus.openDirectConnection(name, {});
    try {
      const before = new Map<number, string>();
      for (const card of Object.values(readBoard(document)).flat()) before.set(card.id, JSON.stringify(card));
      const cards = (await queryBoardCards(sql, { storeId, logger })).filter((c) => c.onBoard).map((c) => c.card);
      const result: BoardRefresh = { written: 0, removed: 0 };
      await connection.transact((doc) => {
        const now = new Map<number, string>();
        for (const card of Object.values(readBoard(doc)).flat()) now.set(card.id, JSON.stringify(card));
        const waiting = awaitingCheck.get(document);
        const untouched = (id: number) => now.get(id) === before.get(id) && !waiting?.has(id);
        result.written = upsertCards(doc, cards.filter((c) => untouched(c.id)));
        const keep = new Set(cards.map((c) => c.id));
        result.removed = removeCards(doc, [...before.keys()].filter((id) => !keep.has(id) && untouched(id)));
      });
      if (result.written || result.removed) logger.debug({ documentName: name, ...result }, 'refreshed board');
      return result;
    } finally {
      await connection.disconnect({ unloadImmediately: false });
    }
  });
}
