import { ApiRequestError, listFailureMessage } from '../../../lib/api-client';

/** What a failed administrative call shows: the field problems the server named, else its message. */
export function adminFailure(error: unknown): string {
  if (error instanceof ApiRequestError && error.details.length) {
    return error.details.map((d) => `${labelOf(d.field)}: ${d.message}`).join(' · ');
  }
  return listFailureMessage(error);
}

/** Field errors by form field (the last part of `body.x`), for helper texts under inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(error.details.map((d) => [d.field.replace(/^(body|query)\./, ''), d.message]));
}

function labelOf(field: string): string {
  const name = field.replace(/^(body|query)\./, '');
  return name.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}
