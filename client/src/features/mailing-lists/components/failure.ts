import { MAILING_LIST_TEXT, isCodePrefixRefusal } from '@drivebay/shared';
import { ApiRequestError, listFailureMessage } from '../../../lib/api-client';

/**
 * The words a failed mailing-list call shows: 'List Should Start With LIST-' when the server's
 * error list carries the prefix rule (spec §5), else the server's first error or message.
 */
export function mailingListFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const errors = error.details.map((d) => d.message);
    if (isCodePrefixRefusal(errors)) return MAILING_LIST_TEXT.codePrefix;
    return errors[0] ?? listFailureMessage(error);
  }
  return listFailureMessage(error);
}
