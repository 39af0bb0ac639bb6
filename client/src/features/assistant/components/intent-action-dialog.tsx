import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { ACTION_INTENT_CODES, ASSISTANT_NOTICES, INTENT_DESCRIPTIONS, type IntentCode } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { applyIntentAction, type IntentActionMode } from '../api';

const TITLES: Record<IntentActionMode, string> = { ACTION: 'Action Intents', DEFAULT: 'Default Action Intents' };
const EXPLAIN: Record<IntentActionMode, string> = {
  ACTION: 'The assistant answers this message as carrying the intent you choose: it replies, offers times, books or hands off.',
  DEFAULT: 'The message is filed under the intent you choose (response insight and tags). Nothing is sent to the customer.',
};

type Props = { mode: IntentActionMode; interactionId: number; messageId: number; onClose: () => void; onDone: () => void };

/** Action Intents and Default Action Intents (spec §2, §5): an intent is required. */
export function IntentActionDialog({ mode, interactionId, messageId, onClose, onDone }: Props) {
  const [intent, setIntent] = useState<IntentCode | ''>('');
  const [saving, setSaving] = useState(false);
  const labelId = `intent-${mode}-${messageId}`;

  const submit = async () => {
    if (!intent) {
      notify({ severity: 'warning', message: ASSISTANT_NOTICES.selectIntent });
      return;
    }
    setSaving(true);
    try {
      const result = await applyIntentAction(mode, interactionId, messageId, intent);
      notify({ severity: 'success', message: result.message });
      onDone();
    } catch {
      // The API client has shown the server's answer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={`${labelId}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${labelId}-title`}>{TITLES[mode]}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{EXPLAIN[mode]}</DialogContentText>
        <FormControl fullWidth>
          <InputLabel id={labelId}>Intent</InputLabel>
          <Select
            labelId={labelId}
            label="Intent"
            value={intent}
            onChange={(e) => setIntent(e.target.value as IntentCode)}
            disabled={saving}
            renderValue={(v) => (v ? `${v} · ${INTENT_DESCRIPTIONS[v as IntentCode]}` : '')}
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
          >
            {ACTION_INTENT_CODES.map((code) => (
              <MenuItem key={code} value={code}>
                <ListItemText primary={code} secondary={INTENT_DESCRIPTIONS[code]} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
