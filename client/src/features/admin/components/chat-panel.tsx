import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES, CHAT_RELOAD_DELAY_MS } from '@drivebay/shared';
import { reloadPage } from '../../../lib/browser';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';

/** Administration > Chat settings: the store's Twilio chat account and the connection check. */
export function ChatPanel({ enterpriseId }: { enterpriseId: number }) {
  const stores = useRemoteData(`chat-stores:${enterpriseId}`, (s) => adminApi.stores(enterpriseId, s));
  const [picked, setPicked] = useState<number | null>(null);
  const storeId = picked ?? stores.data?.[0]?.id ?? null;
  const [version, setVersion] = useState(0);
  const config = useRemoteData(storeId ? `chat:${storeId}:${version}` : null, (s) => adminApi.twilioConfig(storeId!, 'CHAT', s));
  const [form, setForm] = useState({ accountSid: '', authToken: '', apiKeySid: '', apiKeySecret: '', chatServiceSid: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [authenticated, setAuthenticated] = useState<boolean | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const save = async () => {
    if (!storeId) return;
    try {
      await adminApi.saveTwilioConfig({ storeId, twilioServiceType: 'CHAT', ...form, apiKeySecret: form.apiKeySecret || null });
      setErrors({});
      setForm((f) => ({ ...f, authToken: '', apiKeySecret: '' }));
      notify({ severity: 'success', message: 'Successfully Updated' });
      setVersion((v) => v + 1);
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };

  // The chat connection check (operations §4, §8, §9): invalid credentials reload the page after 200 ms.
  const test = async () => {
    if (!storeId) return;
    try {
      const r = await adminApi.chatCheck(storeId);
      setAuthenticated(r.authenticated);
      if (r.authenticated) notify({ severity: 'success', message: 'Chat connected' });
      else {
        notify({ severity: 'error', message: r.message ?? CHAT_MESSAGES.connectionFailed });
        if (r.message === CHAT_MESSAGES.invalidCredentials) setTimeout(reloadPage, CHAT_RELOAD_DELAY_MS);
      }
    } catch {
      setAuthenticated(false);
      notify({ severity: 'error', message: CHAT_MESSAGES.connectionFailed });
    }
  };

  if (stores.error) return <Alert severity="warning">{adminFailure(stores.error)}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Chat settings
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <TextField select label="Store" value={storeId ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
          {(stores.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.storeName}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {config.loading ? 'Loading…' : config.data ? `Account ${config.data.accountSid}, API key ${config.data.apiKeySid ?? '—'} (secret ${config.data.apiKeySecretHint ?? '—'}), chat service ${config.data.chatServiceSid ?? '—'}.` : 'No chat account yet.'}
        </Typography>
        <TextField label="Account SID" value={form.accountSid} onChange={set('accountSid')} error={!!errors.accountSid} helperText={errors.accountSid} />
        <TextField label="Auth token" type="password" autoComplete="off" value={form.authToken} onChange={set('authToken')} error={!!errors.authToken} helperText={errors.authToken} />
        <TextField label="API key SID" value={form.apiKeySid} onChange={set('apiKeySid')} error={!!errors.apiKeySid} helperText={errors.apiKeySid ?? 'Chat tokens are signed with it'} />
        <TextField label="API key secret" type="password" autoComplete="off" value={form.apiKeySecret} onChange={set('apiKeySecret')} error={!!errors.apiKeySecret} helperText={errors.apiKeySecret ?? 'Leave empty to keep the saved one'} />
        <TextField label="Chat service SID" value={form.chatServiceSid} onChange={set('chatServiceSid')} error={!!errors.chatServiceSid} helperText={errors.chatServiceSid} />
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" onClick={() => void save()}>
            Save chat settings
          </Button>
          <Button variant="outlined" onClick={() => void test()}>
            Test connection
          </Button>
        </Stack>
        {authenticated !== null ? <Alert severity={authenticated ? 'success' : 'warning'}>{authenticated ? 'Connected to chat.' : 'Not connected.'}</Alert> : null}
      </Stack>
    </Paper>
  );
}
