import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { notify } from '../../../lib/notices';
import { updateAiEnabled } from '../api';

type Props = { interactionId: number; aiEnabled: boolean; onChanged: (aiEnabled: boolean) => void };

/** The AI switch (spec §4): the server is updated first, then the local record. */
export function AiSwitch({ interactionId, aiEnabled, onChanged }: Props) {
  const [saving, setSaving] = useState(false);
  const toggle = async (next: boolean) => {
    setSaving(true);
    try {
      const result = await updateAiEnabled(interactionId, next);
      onChanged(next);
      notify({ severity: 'success', message: result.message });
    } catch {
      // The API client has shown the server's answer; the switch stays as it was.
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormControlLabel
      control={<Switch checked={aiEnabled} disabled={saving} onChange={(e) => void toggle(e.target.checked)} />}
      label={aiEnabled ? 'AI on' : 'AI off'}
    />
  );
}
