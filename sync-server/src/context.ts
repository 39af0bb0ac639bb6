import type { SessionUser } from '@drivebay/api';
import type { DocAddress } from '@drivebay/shared/docs';

/**
 * What a connection carries after authentication. Both fields are optional because server-side
 * direct connections (`openDirectConnection`) have no user.
 */
export type SyncContext = {
  user?: SessionUser;
  doc?: DocAddress;
};

/**
 * Why a connection or document was refused, as the close events Hocuspocus uses. Hocuspocus
 * sends `reason` to the provider (its `onAuthenticationFailed`), so the reason is the contract
 * with the client. The same values as `@hocuspocus/common`, which is not a declared dependency.
 */
export type CloseEvent = { readonly code: number; readonly reason: string };

/** The token is unknown, ended or expired: sign in again. */
export const Unauthorized: CloseEvent = Object.freeze({ code: 4401, reason: 'Unauthorized' });
/** Signed in, but this document is not one the user may open. */
export const Forbidden: CloseEvent = Object.freeze({ code: 4403, reason: 'Forbidden' });
/** The server could not decide (its database did not answer): retry later, do not sign out. */
export const TryAgainLater: CloseEvent = Object.freeze({ code: 1013, reason: 'Try Again Later' });
/** A message larger than the server takes (the same code WebSocket uses for it). */
export const MessageTooBig: CloseEvent = Object.freeze({ code: 1009, reason: 'Message Too Big' });
/** The update would make the document larger than the server keeps. */
export const DocumentTooBig: CloseEvent = Object.freeze({ code: 4413, reason: 'Document Too Big' });
/** The server could not handle a message of the connection (as Hocuspocus resets it). */
export const ResetConnection: CloseEvent = Object.freeze({ code: 4205, reason: 'Reset Connection' });
/** The update writes something the document's shape does not have (see `shared/src/docs/shape.ts`). */
export const OutsideSchema: CloseEvent = Object.freeze({ code: 4422, reason: 'Outside Document Schema' });

/** What closing needs of a Hocuspocus connection. */
type Closable = { close: (event?: CloseEvent) => void; webSocket: { close: (code?: number, reason?: string) => void } };

/**
 * Closes a client's connection with `event`: the document first (the provider hears the reason),
 * then its WebSocket, so the close code reaches the client too. Other documents on that socket
 * reconnect and authenticate again on their own.
 */
export function closeConnection(connection: Closable, event: CloseEvent): void {
  connection.close(event);
  try {
    connection.webSocket.close(event.code, event.reason);
  } catch {
    // Already closed.
  }
}
