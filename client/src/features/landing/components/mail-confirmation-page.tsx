import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAIL_CONFIRMATION_TEXT, type MailConfirmation } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { formatInTimeZone } from '../../../lib/dates';
import { confirmMail, getMailConfirmation } from '../api';
import { LinkProblem } from './link-problem';
import { PublicShell } from './public-shell';

/**
 * /mailconfirmation: the customer's next appointment, from the link in our e-mail, and a button
 * that confirms it. Opening the page changes nothing, because mail scanners open links too.
 */
export function MailConfirmationPage({ token }: { token: string }) {
  const [data, setData] = useState<MailConfirmation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getMailConfirmation(token, controller.signal).then(setData, (e: unknown) => {
      if (!controller.signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [token]);

  const confirm = async () => {
    setConfirming(true);
    try {
      const result = await confirmMail(token);
      setData(result);
      setMessage(result.message);
    } catch (e) {
      setError(e);
    } finally {
      setConfirming(false);
    }
  };

  const appt = data?.appointment ?? null;
  return (
    <PublicShell title="Appointment confirmation" subtitle={data?.storeName} maxWidth={520}>
      {error ? <LinkProblem error={error} /> : null}
      {!error && !data ? <PageSpinner label="Loading your appointment" /> : null}
      {data ? (
        <Stack spacing={2}>
          <Typography>{data.customerFirstName ? `Hi ${data.customerFirstName},` : 'Hello,'}</Typography>
          {appt ? (
            <Typography>
              {appt.title ? `${appt.title} on ` : 'Your appointment is on '}
              <strong>{formatInTimeZone(appt.startTime, appt.timeZone, 'dddd, MMMM D, YYYY [at] h:mm A')}</strong>.
            </Typography>
          ) : null}
          {message ? (
            <Alert severity={appt ? 'success' : 'info'} role="status">
              {message}
            </Alert>
          ) : appt?.status === 'CONFIRMED' ? (
            <Alert severity="success">{MAIL_CONFIRMATION_TEXT.confirmed}</Alert>
          ) : appt ? (
            <Button
              variant="contained"
              onClick={() => void confirm()}
              disabled={confirming}
              startIcon={confirming ? <CircularProgress size={16} color="inherit" /> : undefined}
              sx={{ alignSelf: 'flex-start' }}
            >
              Confirm my appointment
            </Button>
          ) : (
            <Alert severity="info">{MAIL_CONFIRMATION_TEXT.nothingToConfirm}</Alert>
          )}
        </Stack>
      ) : null}
    </PublicShell>
  );
}
