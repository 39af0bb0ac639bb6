import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEEDBACK_TEXT, type FeedbackClip } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { getFeedbackClip, submitFeedback } from '../api';
import { LinkProblem, linkProblemText } from './link-problem';
import { PublicShell } from './public-shell';

/**
 * /FeedbackClip: a short rating of the visit (one to five stars) and a comment, once per link. The
 * store reads it in the conversation; a low rating waits there for an answer.
 */
export function FeedbackClipPage({ token }: { token: string }) {
  const [data, setData] = useState<FeedbackClip | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getFeedbackClip(token, controller.signal).then(setData, (e: unknown) => {
      if (!controller.signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [token]);

  const send = async () => {
    if (!rating) {
      setProblem('Please choose a rating');
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      setResult((await submitFeedback(token, rating, comment.trim())).message);
    } catch (e) {
      setProblem(linkProblemText(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <PublicShell title="How did we do?" subtitle={data?.storeName} maxWidth={520}>
      {error ? <LinkProblem error={error} /> : null}
      {!error && !data ? <PageSpinner label="Loading" /> : null}
      {data && (result || data.submitted) ? (
        <Alert severity="success" role="status">
          {result ?? FEEDBACK_TEXT.already}
        </Alert>
      ) : null}
      {data && !result && !data.submitted ? (
        <Stack spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); void send(); }}>
          <Typography>{data.customerFirstName ? `Hi ${data.customerFirstName}, how` : 'How'} was your visit to {data.storeName}?</Typography>
          <Rating name="rating" value={rating} onChange={(_e, v) => setRating(v)} size="large" disabled={sending} />
          <TextField label="Anything we should know?" value={comment} onChange={(e) => setComment(e.target.value)} multiline minRows={3} disabled={sending} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          {problem ? <Alert severity="warning">{problem}</Alert> : null}
          <Button type="submit" variant="contained" disabled={sending} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined} sx={{ alignSelf: 'flex-start' }}>
            Send feedback
          </Button>
        </Stack>
      ) : null}
    </PublicShell>
  );
}
