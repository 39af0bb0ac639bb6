import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';

/**
 * postgres.js's connection to the embedded engine, in process: the bytes postgres.js writes are
 * PostgreSQL's wire protocol, handed to PGlite whole, and PGlite's answer comes back as the
 * socket's data. No kernel socket and no per-message queue: everything postgres.js wrote in one
 * go (it gathers a tick's queries into one write) runs in one call into the engine, and the
 * answer is delivered in one piece.
 *
 * The engine is a single session, so there is one such connection at a time (`max: 1`); a
 * connection that closes inside a transaction has it rolled back, so the next one starts clean.
 */
export class EmbeddedConnection extends EventEmitter {
  readyState: 'open' | 'closed' = 'open';
  #pending: Buffer[] = [];
  #callbacks: ((err?: Error) => void)[] = [];
  #rest: Buffer = Buffer.alloc(0);
  #started = false;
  #running = false;

  constructor(private readonly db: PGlite) {
    super();
  }

  write(chunk: Uint8Array | string, callback?: (err?: Error) => void): boolean {
    if (this.readyState !== 'open') {
      const err = new Error('write after the embedded connection closed');
      if (callback) queueMicrotask(() => callback(err));
      return false;
    }
    this.#pending.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (callback) this.#callbacks.push(callback);
    if (!this.#running) {
      this.#running = true;
      queueMicrotask(() => void this.#drain());
    }
    return true;
  }

  end(chunk?: Uint8Array): this {
    // The last message postgres.js sends is Terminate; the engine's session outlives it.
    void chunk;
    this.#close();
    return this;
  }

  destroy(): this {
    this.#close();
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0 && this.readyState === 'open') {
        const chunks = this.#rest.length > 0 ? [this.#rest, ...this.#pending] : this.#pending;
        const input = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        const callbacks = this.#callbacks;
        this.#pending = [];
        this.#callbacks = [];
        let at = 0;
        if (!this.#started) {
          // The startup message (it has no type byte) goes to the engine on its own.
          const length = input.length >= 4 ? input.readInt32BE(0) : Infinity;
          if (input.length >= length) {
            this.#started = true;
            await this.#run(input.subarray(0, length));
            at = length;
          }
        }
        const end = this.#started ? completeMessagesEnd(input, at) : at;
        this.#rest = end < input.length ? Buffer.from(input.subarray(end)) : Buffer.alloc(0);
        if (end > at) await this.#run(input.subarray(at, end));
        for (const cb of callbacks) cb();
      }
    } catch (err) {
      if (this.readyState === 'open') {
        this.emit('error', err instanceof Error ? err : new Error(String(err)));
        this.#close();
      }
    } finally {
      this.#running = false;
      if (this.#pending.length > 0 && this.readyState === 'open') {
        this.#running = true;
        queueMicrotask(() => void this.#drain());
      }
    }
  }

  /** Runs whole protocol messages in one call into the engine and delivers its answer. */
  async #run(messages: Buffer): Promise<void> {
    const answer = await this.#exec(messages);
    if (answer.length > 0 && this.readyState === 'open') this.emit('data', answer);
  }

  async #exec(messages: Buffer): Promise<Buffer> {
    const out: Buffer[] = [];
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(new Uint8Array(messages.buffer, messages.byteOffset, messages.byteLength), {
        onRawData: (data: Uint8Array) => void out.push(Buffer.from(data)),
      }),
    );
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  #close(): void {
    if (this.readyState === 'closed') return;
    this.readyState = 'closed';
    this.#pending = [];
    const callbacks = this.#callbacks;
    this.#callbacks = [];
    const closedErr = new Error('the embedded connection closed');
    // A client gone inside a transaction must not leave the single session inside it.
    const inTransaction = !this.db.closed && this.db.isInTransaction();
    // Closed like a socket: the event comes after the call that closed it.
    setImmediate(async () => {
      if (inTransaction && !this.db.closed) await this.db.exec('ROLLBACK').catch(() => undefined);
      for (const cb of callbacks) cb(closedErr);
      this.emit('close', false);
    });
  }
}

/** Where the last whole protocol message (a type byte, then its length) from `at` ends. */
function completeMessagesEnd(input: Buffer, at: number): number {
  while (at + 5 <= input.length) {
    const size = 1 + input.readInt32BE(at + 1);
    if (at + size > input.length) break;
    at += size;
  }
  return at;
}
