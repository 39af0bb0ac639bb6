import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMAIL_AUTO_RESPONSE_TEXT } from '@drivebay/shared';
import type { QueryValue } from '../../../lib/api-client';
import { recordEmailAutoResponse } from '../api';
import { PublicShell } from './public-shell';

/** The query an e-mail link carries (spec §2), as the call takes it. */
const FIELDS = ['token', 'emailId', 'fromAddress', 'toAddress', 'from', 'to', 'subject', 'message', 'key'] as const;

export function autoResponseQuery(search: URLSearchParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const f of FIELDS) {
    const v = search.get(f);
    if (v !== null) query[f] = v;
  }
  return query;
}

/**
 * The e-mail auto-response page: a spinner while the answer is recorded, then the success result
 * 'Thanks for your response!' or the warning result (spec §2).
 */
export function EmailAutoResponsePage({ search }: { search: URLSearchParams }) {
  const [state, setState] = useState<'running' | 'done' | 'failed'>('running');
  const key = search.toString();

  useEffect(() => {
    const controller = new AbortController();
    setState('running');
    recordEmailAutoResponse(autoResponseQuery(new URLSearchParams(key)), controller.signal).then(
      () => setState('done'),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('The e-mail answer was not recorded', error);
          setState('failed');
        }
      },
    );
    return () => controller.abort();
  }, [key]);

  return (
    <PublicShell title="Your response" maxWidth={520}>
      {state === 'running' ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Sending your response" />
        </Box>
      ) : state === 'done' ? (
        <Stack spacing={1.5} sx={{ alignItems: 'center', py: 2, textAlign: 'center' }} role="status" data-testid="auto-response-result" data-result="success">
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
          <Typography variant="h6" component="p">
            {EMAIL_AUTO_RESPONSE_TEXT.success}
          </Typography>
        </Stack>
      ) : (
        <Alert severity="warning" icon={<WarningAmberIcon />} role="alert" data-testid="auto-response-result" data-result="warning">
          {EMAIL_AUTO_RESPONSE_TEXT.failure}
        </Alert>
      )}
    </PublicShell>
  );
}
