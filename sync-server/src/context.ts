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
