import Alert from '@mui/material/Alert';
import { ApiRequestError } from '../../../lib/api-client';

/** What a page says when its link does not open: the server's words, or a network hint. */
export function linkProblemText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === null) return 'The page could not reach the dealership. Check your connection and reload.';
  if (error instanceof ApiRequestError && error.serverMessage) return error.serverMessage;
  return 'This link could not be opened.';
}

export function LinkProblem({ error }: { error: unknown }) {
  return <Alert severity="warning">{linkProblemText(error)}</Alert>;
}
