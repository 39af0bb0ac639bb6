import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LEAD_FORM_TEXT, type LeadForm } from '@drivebay/shared';

/** The form's outcome (spec §4: success or failed). */
export type LeadOutcome = { kind: 'success'; texted: boolean } | { kind: 'failed'; reason: string | null };

/** What the customer reads after Submit: the spec's texts, with the reason when it failed. */
export function LeadResult({ form, outcome, onAgain }: { form: LeadForm; outcome: LeadOutcome; onAgain: () => void }) {
  if (outcome.kind === 'success') {
    return (
      <Stack spacing={2} role="status" data-testid="lead-result" data-result="success">
        <Alert severity="success">
          {form === 'generic' ? LEAD_FORM_TEXT.genericSuccess : LEAD_FORM_TEXT.brandSuccess}
        </Alert>
        {outcome.texted ? null : <Alert severity="info">{LEAD_FORM_TEXT.optedOut}</Alert>}
      </Stack>
    );
  }
  return (
    <Stack spacing={2} role="alert" data-testid="lead-result" data-result="failed">
      <Alert severity="error">
        <AlertTitle>{LEAD_FORM_TEXT.failed}</AlertTitle>
        {outcome.reason}
      </Alert>
      <Button variant="outlined" onClick={onAgain}>
        Try again
      </Button>
    </Stack>
  );
}
