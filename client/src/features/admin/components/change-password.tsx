import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import KeyIcon from '@mui/icons-material/Key';
import { notify } from '../../../lib/notices';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';
import { TouchTargets } from './touch-targets';

/** The app bar's key button: the signed-in user changes their password; their other sessions end. */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setCurrent('');
    setNext('');
    setErrors({});
    setProblem(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await adminApi.changePassword(current, next);
      notify({ severity: 'success', message: 'Successfully Updated' });
      close();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setProblem(Object.keys(fields).length ? null : adminFailure(error));
    }
  };
  return (
    <>
      <Tooltip title="Change password">
        <IconButton aria-label="Change password" onClick={() => setOpen(true)}>
          <KeyIcon />
        </IconButton>
      </Tooltip>
      <TouchTargets>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle>Change password</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={!!errors.currentPassword} helperText={errors.currentPassword} />
              <TextField label="New password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} error={!!errors.newPassword} helperText={errors.newPassword ?? 'At least 8 characters; your other sessions end'} />
              {problem ? <Alert severity="warning">{problem}</Alert> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!current || !next}>
              Change password
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      </TouchTargets>
    </>
  );
}
