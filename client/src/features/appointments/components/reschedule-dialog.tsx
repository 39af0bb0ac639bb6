import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { APPOINTMENT_MESSAGES, shiftIsoDay, type Appointment } from '@drivebay/shared';
import { DayPicker } from '../../../components/day-picker';
import { listFailureMessage } from '../../../lib/api-client';
import { formatInTimeZone, todayInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getAvailability, rescheduleAppointment } from '../api';
import { SlotPicker } from './slot-picker';

type RescheduleDialogProps = {
  appointment: Appointment;
  zone: string;
  onClose: () => void;
  /** After the move, so the list can reload. */
  onMoved: () => void;
};

/** Moves one appointment to another free time of the service drive; the customer is told by the server. */
export function RescheduleDialog({ appointment, zone, onClose, onMoved }: RescheduleDialogProps) {
  const today = todayInTimeZone(zone);
  const booked = formatInTimeZone(appointment.startDate, zone, 'YYYY-MM-DD');
  const [day, setDay] = useState(booked < today ? today : booked);
  const [slot, setSlot] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const availability = useRemoteData(`availability:${appointment.storeId}:${day}:${refresh}`, (signal) =>
    getAvailability({ storeId: appointment.storeId, date: day }, signal),
  );
  const who = appointment.customer ? `${appointment.customer.firstName} ${appointment.customer.lastName}`.trim() : 'the customer';

  const changeDay = (next: string) => {
    setDay(next < today ? today : next);
    setSlot(null);
  };

  const save = async () => {
    if (!slot) return;
    setSaving(true);
    try {
      await rescheduleAppointment(appointment.apptId, { startTime: slot });
      notify({ severity: 'success', message: APPOINTMENT_MESSAGES.updated });
      onMoved();
      onClose();
    } catch (error) {
      notify({ severity: 'error', message: listFailureMessage(error) });
      setSlot(null);
      setRefresh((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">Reschedule appointment</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>
            {who}, now {formatInTimeZone(appointment.startDate, zone, 'ddd MM/DD/YYYY h:mm A')}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <IconButton aria-label="Previous day" onClick={() => changeDay(shiftIsoDay(day, -1))} disabled={saving || day <= today}>
              <ChevronLeftIcon />
            </IconButton>
            <DayPicker value={day} onChange={changeDay} />
            <IconButton aria-label="Next day" onClick={() => changeDay(shiftIsoDay(day, 1))} disabled={saving}>
              <ChevronRightIcon />
            </IconButton>
          </Stack>
          <Typography variant="subtitle2">New time ({availability.data?.timeZone ?? zone})</Typography>
          {availability.error ? (
            <Typography color="error">{listFailureMessage(availability.error)}</Typography>
          ) : availability.data ? (
            <SlotPicker availability={availability.data} value={slot} onChange={setSlot} />
          ) : (
            <Typography color="text.secondary">Loading times…</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Close
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !slot}>
          Move appointment
        </Button>
      </DialogActions>
    </Dialog>
  );
}
