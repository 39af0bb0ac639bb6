import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { APPOINTMENT_MESSAGES, shiftIsoDay, TRANSPORT_TYPES, type Lead, type TransportType } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { formatInTimeZone, todayInTimeZone } from '../../../lib/dates';
import { dayToPicker, pickerToDay } from '../../../lib/picker-value';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { bookAppointment, cancelBooking, getAdvisors, getAvailability, getBookedAppointments, getServices } from '../api';
import { ConversationPicker } from './conversation-picker';
import { SlotPicker } from './slot-picker';

type BookingDialogProps = {
  open: boolean;
  onClose: () => void;
  /** After a booking or a cancellation, so the list can reload. */
  onChanged: () => void;
  bocId: number;
  storeId: number;
  zone: string;
  /** The day to start on (YYYY-MM-DD, store zone). */
  initialDay: string;
};

const TRANSPORT_LABELS: Record<TransportType, string> = {
  WAITER: 'Waiter',
  DROP_OFF: 'Drop-off',
  LOANER: 'Loaner',
  SHUTTLE: 'Shuttle',
  PICKUP_DELIVERY: 'Pickup & delivery',
};

/**
 * Manual booking: a customer (their conversation), a service, a day and a free slot of the
 * store's service drive, confirmed against the capacity the server holds. The customer's other
 * active appointments are listed with a way to cancel them.
 */
export function BookingDialog({ open, onClose, onChanged, bocId, storeId, zone, initialDay }: BookingDialogProps) {
  const [lead, setLead] = useState<Lead | null>(null);
  const [opCode, setOpCode] = useState('');
  // Today in the store's zone: earlier days take no bookings.
  const today = todayInTimeZone(zone);
  const [day, setDay] = useState(() => (initialDay < today ? today : initialDay));
  const [slot, setSlot] = useState<string | null>(null);
  const [advisorId, setAdvisorId] = useState<number | ''>('');
  const [transport, setTransport] = useState<TransportType | ''>('');
  const [saving, setSaving] = useState(false);
  const [refresh, setRefresh] = useState(0);

  const services = useRemoteData(open ? `services:${storeId}` : null, (signal) => getServices(storeId, signal));
  const advisors = useRemoteData(open ? `advisors:${storeId}` : null, (signal) => getAdvisors(storeId, signal));
  const availability = useRemoteData(open ? `availability:${storeId}:${day}:${refresh}` : null, (signal) => getAvailability({ storeId, date: day }, signal));
  const booked = useRemoteData(open && lead ? `booked:${storeId}:${lead.id}:${refresh}` : null, (signal) =>
    getBookedAppointments({ storeId, fid: lead!.id }, signal),
  );

  useEffect(() => {
    if (services.error || availability.error) notify({ severity: 'error', message: listFailureMessage(services.error ?? availability.error) });
  }, [services.error, availability.error]);

  const changeDay = (by: number) => {
    setDay((d) => shiftIsoDay(d, by));
    setSlot(null);
  };

  const reset = () => {
    setLead(null);
    setOpCode('');
    setSlot(null);
    setAdvisorId('');
    setTransport('');
  };

  const confirm = async () => {
    if (!lead || !opCode || !slot) return;
    setSaving(true);
    try {
      const result = await bookAppointment({
        storeId,
        fid: lead.id,
        opCode,
        startTime: slot,
        advisorId: advisorId === '' ? undefined : advisorId,
        transportType: transport === '' ? undefined : transport,
      });
      // Success only when the server says so (spec §5); otherwise its message, or 'Booking Failed'.
      if (result.success) {
        notify({ severity: 'success', message: APPOINTMENT_MESSAGES.booked });
        onChanged();
        // The customer's bookings and the day's free places changed: read them again next time.
        setRefresh((n) => n + 1);
        reset();
        onClose();
      } else {
        notify({ severity: 'error', message: result.message || APPOINTMENT_MESSAGES.failed });
        setSlot(null);
        setRefresh((n) => n + 1);
      }
    } catch (error) {
      notify({ severity: 'error', message: listFailureMessage(error) === 'Server Error!' ? APPOINTMENT_MESSAGES.failed : listFailureMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const cancel = async (apptId: number) => {
    if (!lead) return;
    try {
      const result = await cancelBooking({ fid: lead.id, apptId });
      notify({ severity: result.success ? 'success' : 'error', message: result.message });
      if (result.success) {
        onChanged();
        setRefresh((n) => n + 1);
      }
    } catch (error) {
      notify({ severity: 'error', message: listFailureMessage(error) });
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="booking-title">
      <DialogTitle id="booking-title">Book a service appointment</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <ConversationPicker bocId={bocId} storeId={storeId} value={lead} onChange={setLead} disabled={saving} />
          {booked.data && booked.data.length > 0 ? (
            <Alert severity="info" variant="outlined">
              <Typography variant="body2">Already booked for this customer:</Typography>
              <List dense disablePadding>
                {booked.data.map((a) => (
                  <ListItem
                    key={a.apptId}
                    disableGutters
                    secondaryAction={
                      <Button size="small" color="error" onClick={() => void cancel(a.apptId)}>
                        Cancel
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={formatInTimeZone(a.startDate, zone, 'ddd MM/DD/YYYY h:mm A')}
                      secondary={a.servicePackages.map((p) => p.description).join(', ') || a.title}
                    />
                  </ListItem>
                ))}
              </List>
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Service" value={opCode} onChange={(e) => setOpCode(e.target.value)} required fullWidth disabled={saving}>
              {(services.data ?? []).map((s) => (
                <MenuItem key={s.opCode} value={s.opCode}>
                  {s.description} ({s.durationMinutes} min)
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', width: '100%' }}>
              <IconButton aria-label="Previous day" onClick={() => changeDay(-1)} disabled={saving || day <= today}>
                <ChevronLeftIcon />
              </IconButton>
              <LocalizationProvider dateAdapter={AdapterDayjs}>
                <DatePicker
                  label="Day"
                  value={dayToPicker(day)}
                  format="MM/DD/YYYY"
                  minDate={dayToPicker(today)}
                  onChange={(value) => {
                    const picked = pickerToDay(value);
                    if (!picked) return;
                    setDay(picked);
                    setSlot(null);
                  }}
                  slotProps={{ textField: { fullWidth: true, required: true } }}
                />
              </LocalizationProvider>
              <IconButton aria-label="Next day" onClick={() => changeDay(1)} disabled={saving}>
                <ChevronRightIcon />
              </IconButton>
            </Stack>
          </Stack>
          <Stack spacing={1}>
            <Typography variant="subtitle2">Time ({availability.data?.timeZone ?? zone})</Typography>
            {availability.data ? <SlotPicker availability={availability.data} value={slot} onChange={setSlot} /> : <Typography color="text.secondary">Loading times…</Typography>}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Advisor" value={advisorId} onChange={(e) => setAdvisorId(e.target.value === '' ? '' : Number(e.target.value))} fullWidth disabled={saving}>
              <MenuItem value="">Any advisor</MenuItem>
              {(advisors.data ?? []).map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Transport" value={transport} onChange={(e) => setTransport(e.target.value as TransportType | '')} fullWidth disabled={saving}>
              <MenuItem value="">Not asked</MenuItem>
              {TRANSPORT_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {TRANSPORT_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Close
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={saving || !lead || !opCode || !slot}>
          Confirm booking
        </Button>
      </DialogActions>
    </Dialog>
  );
}
