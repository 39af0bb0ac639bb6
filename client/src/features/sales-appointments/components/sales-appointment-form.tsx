import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { Dayjs } from 'dayjs';
import { APPOINTMENT_TITLES, SALES_APPOINTMENT_TEXT, formatTwelveHourTime, type Lead } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { pickerToClockTime, pickerToDay } from '../../../lib/picker-value';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getLeadsForPicker, saveSalesAppointment } from '../api';
import { LeadPicker } from './lead-picker';

type Props = {
  store: { id: number; bocId: number; timezoneDisplay: string };
  divisionId: string;
  /** The signed-in user's full name: the sales rep (spec §3). */
  salesRepName: string;
  onCancel: () => void;
  /** After a save, so the list of appointments can reload. */
  onSaved?: () => void;
};

/**
 * The appointment form (spec §2, §3): a title from the six, a date, a 12-hour time, the selected
 * lead ('Appointment with...'), Save — Schedule once the appointment exists — and Cancel; the lead
 * search and numbered list on the right. Times are the store's wall-clock times.
 */
export function SalesAppointmentForm({ store, divisionId, salesRepName, onCancel, onSaved }: Props) {
  const leads = useRemoteData(`leads:${store.id}:${divisionId}`, (signal) => getLeadsForPicker({ companyId: store.bocId, officeId: store.id, divisionId }, signal));
  const [messageActionType] = useState<'CALENDAR'>('CALENDAR');
  const [title, setTitle] = useState('');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [time, setTime] = useState<Dayjs | null>(null);
  const [lead, setLead] = useState<Lead | null>(null);
  const [appointmentId, setAppointmentId] = useState<number | null>(null);
  // Set on the first Save or Schedule and never reset (spec §4).
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  // What the last save did, in words: created or moved, with whom and when.
  const [outcome, setOutcome] = useState<string | null>(null);

  const errors = submitted
    ? {
        title: title ? null : SALES_APPOINTMENT_TEXT.titleRequired,
        date: pickerToDay(date) ? null : SALES_APPOINTMENT_TEXT.dateRequired,
        time: pickerToClockTime(time) ? null : SALES_APPOINTMENT_TEXT.timeRequired,
        lead: lead ? null : SALES_APPOINTMENT_TEXT.leadRequired,
      }
    : { title: null, date: null, time: null, lead: null };

  const customerName = lead ? `${lead.customerMaster.firstName} ${lead.customerMaster.lastName}`.trim() : '';

  const save = async () => {
    setSubmitted(true);
    const day = pickerToDay(date);
    const clock = pickerToClockTime(time);
    const missing = !title ? SALES_APPOINTMENT_TEXT.titleRequired : !day ? SALES_APPOINTMENT_TEXT.dateRequired : !clock ? SALES_APPOINTMENT_TEXT.timeRequired : !lead ? SALES_APPOINTMENT_TEXT.leadRequired : null;
    if (missing) {
      // Each missing field says so under itself; the notice names the first.
      notify({ severity: 'warning', message: missing });
      setOutcome(null);
      return;
    }
    setSaving(true);
    const moving = appointmentId !== null;
    try {
      const result = await saveSalesAppointment({
        messageActionType,
        contactId: lead!.id,
        title: title as (typeof APPOINTMENT_TITLES)[number],
        startDate: day!,
        startTime: formatTwelveHourTime(clock!.hour, clock!.minute),
        appointmentId,
        subject: title,
        customerName,
        salesRepName,
      });
      setAppointmentId(result.appointmentId);
      notify({ severity: 'success', message: result.message });
      onSaved?.();
      const when = `${date!.format('MM/DD/YYYY')} at ${formatTwelveHourTime(clock!.hour, clock!.minute)} (${store.timezoneDisplay})`;
      setOutcome(
        `${moving ? 'Rescheduled' : 'Saved'}: ${title} with ${customerName || 'the lead'} on ${when}. Its calendar card is in the lead's conversation.`,
      );
    } catch {
      // The API client has shown the server's answer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(260px, 2fr)' }, gap: 2, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-submitted={submitted}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {SALES_APPOINTMENT_TEXT.heading}
        </Typography>
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <Stack spacing={2}>
            <TextField
              select
              label="Title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              disabled={saving}
              error={!!errors.title}
              helperText={errors.title ?? ' '}
              slotProps={{ select: { displayEmpty: true, renderValue: (v) => (v ? String(v) : SALES_APPOINTMENT_TEXT.titlePlaceholder) }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="" disabled>
                {SALES_APPOINTMENT_TEXT.titlePlaceholder}
              </MenuItem>
              {APPOINTMENT_TITLES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DatePicker
                label="Date"
                value={date}
                onChange={setDate}
                format="MM/DD/YYYY"
                disabled={saving}
                sx={{ flex: 1 }}
                slotProps={{ textField: { error: !!errors.date, helperText: errors.date ?? ' ' } }}
              />
              <TimePicker
                label="Time"
                value={time}
                onChange={setTime}
                ampm
                format="h:mm a"
                timeSteps={{ hours: 1, minutes: 5 }}
                disabled={saving}
                sx={{ flex: 1 }}
                slotProps={{ textField: { error: !!errors.time, helperText: errors.time ?? ' ' } }}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
              Store time: {store.timezoneDisplay}
            </Typography>
            <TextField
              label={SALES_APPOINTMENT_TEXT.appointmentWith}
              placeholder={SALES_APPOINTMENT_TEXT.appointmentWith}
              value={customerName}
              error={!!errors.lead}
              helperText={errors.lead ?? 'Choose the lead in the list'}
              slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
            />
            {outcome ? (
              <Alert severity="success" data-testid="sales-appointment-outcome">
                {outcome}
              </Alert>
            ) : null}
            <Stack direction="row" spacing={1.5}>
              <Button variant="contained" onClick={() => void save()} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
                {appointmentId ? SALES_APPOINTMENT_TEXT.schedule : SALES_APPOINTMENT_TEXT.save}
              </Button>
              <Button onClick={onCancel} disabled={saving}>
                {SALES_APPOINTMENT_TEXT.cancel}
              </Button>
            </Stack>
          </Stack>
        </LocalizationProvider>
      </Paper>
      <LeadPicker
        leads={leads.data?.content}
        loading={leads.loading}
        selectedId={lead?.id ?? null}
        onSelect={(l) => {
          setLead(l);
          // Another lead is another appointment.
          if (l.id !== lead?.id) setAppointmentId(null);
        }}
      />
    </Box>
  );
}
