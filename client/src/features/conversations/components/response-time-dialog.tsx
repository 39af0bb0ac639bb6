import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { Dayjs } from 'dayjs';
import { notify } from '../../../lib/notices';
import { pickerToCalendarDay, pickerToClockTime } from '../../../lib/picker-value';
import { setMessageResponseTime } from '../api';
import { responseDateTime } from '../send-failure';

export const RESPONSE_TIME_REQUIRED = 'Please Enter Response date and time';

type Props = {
  messageId: number | null;
  /** Shown beside the fields: the time is the store's wall-clock time. */
  timeZoneLabel: string | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Set Response Time: a date and a 12-hour time in one-minute steps, both required. */
export function ResponseTimeDialog({ messageId, timeZoneLabel, onClose, onSaved }: Props) {
  const [date, setDate] = useState<Dayjs | null>(null);
  const [time, setTime] = useState<Dayjs | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    if (saving) return;
    setDate(null);
    setTime(null);
    onClose();
  };

  const save = async () => {
    if (messageId === null) return;
    const day = pickerToCalendarDay(date);
    const clock = pickerToClockTime(time);
    if (!day || !clock) {
      notify({ severity: 'warning', message: RESPONSE_TIME_REQUIRED });
      return;
    }
    setSaving(true);
    try {
      const result = await setMessageResponseTime(messageId, responseDateTime(day, clock));
      notify({ severity: 'success', message: result.message });
      setDate(null);
      setTime(null);
      onSaved();
    } catch {
      // The API client has shown the server's answer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={messageId !== null} onClose={close} aria-labelledby="response-time-title" maxWidth="xs" fullWidth>
      <DialogTitle id="response-time-title">Set Response Time</DialogTitle>
      <DialogContent>
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DatePicker label="Response date" value={date} onChange={setDate} format="MM/DD/YYYY" disabled={saving} />
            <TimePicker label="Response time" value={time} onChange={setTime} ampm timeSteps={{ hours: 1, minutes: 1 }} disabled={saving} />
            {timeZoneLabel ? (
              <Typography variant="caption" color="text.secondary">
                Store time: {timeZoneLabel}
              </Typography>
            ) : null}
          </Stack>
        </LocalizationProvider>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
