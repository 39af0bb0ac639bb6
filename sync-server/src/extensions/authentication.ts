import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { findSession, findStorePlace, type Sql } from '@drivebay/api';
import { canAccessStore } from '@drivebay/shared';
import { parseDocName } from '@drivebay/shared/docs';
import { Forbidden, TryAgainLater, Unauthorized, type SyncContext } from '../context';
import type { Logger } from '../logger';

/**
 * Who may open which document: the provider's token must be a live session, and the document
 * must be one of a store the user's scope reaches. Puts the session user and the parsed document
 * address into the connection context for the hooks that follow.
 */
export class Authentication implements Extension<SyncContext> {
  extensionName = 'drivebay-authentication';

  constructor(private readonly options: { sql: Sql; logger: Logger }) {}

  async onAuthenticate(payload: onAuthenticatePayload<SyncContext>): Promise<SyncContext> {
    try {
      return await this.authorize(payload);
    } catch (error) {
      if (error === Unauthorized || error === Forbidden) throw error;
      // Without this, a database outage would look to the client like a refused session.
      this.options.logger.error({ err: error, documentName: payload.documentName }, 'could not authorize a connection');
      throw TryAgainLater;
    }
  }

  private async authorize({ token, documentName, socketId }: onAuthenticatePayload<SyncContext>): Promise<SyncContext> {
    const { sql, logger } = this.options;
    const user = await findSession(sql, token);
    // Hocuspocus reads `reason` off whatever is thrown and sends it to the provider. A close
    // event is thrown as is: an Error would also be logged by Hocuspocus's hook runner as a
    // server error, which a refused token is not.
    if (!user) {
      logger.info({ socketId, documentName }, 'refused a connection without a live session');
      throw Unauthorized;
    }
    const doc = parseDocName(documentName);
    const place = doc ? await findStorePlace(sql, doc.storeId) : null;
    if (!doc || !place || !canAccessStore(user, place)) {
      logger.info({ socketId, documentName, userId: user.userId }, 'refused a document outside the user scope');
      throw Forbidden;
    }
    return { user, doc };
  }
}
