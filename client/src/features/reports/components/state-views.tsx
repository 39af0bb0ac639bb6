import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { listFailureMessage } from '../../../lib/api-client';

/** Loading, failure and "nothing in this range" states shared by the report pages. */
export function ReportState({ loading, error, empty, onRetry }: { loading: boolean; error: unknown; empty: boolean; onRetry: () => void }) {
  if (loading)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3 }}>
        {/* The words say it; the spinner is only their picture. */}
        <CircularProgress size={24} aria-hidden />
        <Typography>Loading the report…</Typography>
      </Box>
    );
  if (error)
    return (
      <Alert severity="warning" action={<Button onClick={onRetry}>Retry</Button>} sx={{ mb: 2 }}>
        {listFailureMessage(error)}
      </Alert>
    );
  if (empty)
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        Nothing to count for these stores and days. Pick other stores, service types or dates.
      </Alert>
    );
  return null;
}
