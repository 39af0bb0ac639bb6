import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';

/** The register page's request: an administrator of the chosen store approves it. */
export function RegisterForm() {
  const stores = useRemoteData('register-stores', (s) => adminApi.registrationStores(s));
  const [f, setF] = useState({ firstName: '', lastName: '', email: '', username: '', storeId: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setDone((await adminApi.register({ ...f, storeId: Number(f.storeId) })).message);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(Object.keys(fields).length ? fields : { form: adminFailure(error) });
    } finally {
      setBusy(false);
    }
  };
  if (done) return <Alert severity="success">{done}</Alert>;
  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" value={f.firstName} onChange={set('firstName')} error={!!errors.firstName} helperText={errors.firstName} required fullWidth />
        <TextField label="Last name" value={f.lastName} onChange={set('lastName')} error={!!errors.lastName} helperText={errors.lastName} required fullWidth />
      </Stack>
      <TextField label="Work email" type="email" value={f.email} onChange={set('email')} error={!!errors.email} helperText={errors.email ?? 'Your sign-in link is sent here once approved'} required />
      <TextField label="Username you would like" value={f.username} onChange={set('username')} error={!!errors.username} helperText={errors.username} required />
      <TextField select label="Your store" value={f.storeId} onChange={set('storeId')} error={!!errors.storeId} helperText={errors.storeId ?? (stores.error ? adminFailure(stores.error) : undefined)} required>
        {(stores.data ?? []).map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name} · {s.enterpriseName}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Note for the administrator" value={f.note} onChange={set('note')} multiline minRows={2} />
      {errors.form ? <Alert severity="warning">{errors.form}</Alert> : null}
      <Button type="submit" variant="contained" disabled={busy}>
        Send request
      </Button>
    </Stack>
  );
}

/** Sets a password from an emailed link (an invitation or a reset). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat) return setProblem('The two passwords differ');
    try {
      setDone((await adminApi.resetPassword2(token, password)).message);
    } catch (error) {
      setProblem(fieldErrors(error).password ?? adminFailure(error));
    }
  };
  if (done) return <Alert severity="success">{done}</Alert>;
  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} helperText="At least 8 characters" required />
      <TextField label="Repeat the password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} required />
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
      <Button type="submit" variant="contained" disabled={!token}>
        Set password
      </Button>
    </Stack>
  );
}

/** "Forgot password": a link to set a new one is emailed to the account's address. */
export function ForgotPasswordForm() {
  const [username, setUsername] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setDone((await adminApi.forgot(username)).message);
    } catch (error) {
      setProblem(adminFailure(error));
    }
  };
  if (done) return <Alert severity="success">{done}</Alert>;
  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Username" value={username} onChange={(e) => setUsername(e.target.value)} required />
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
      <Button type="submit" variant="outlined" disabled={!username.trim()}>
        Email me a link
      </Button>
    </Stack>
  );
}
