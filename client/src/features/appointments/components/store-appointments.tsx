import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { DayPicker } from '../../../components/day-picker';
import { APPOINTMENT_MESSAGES, isoToSearchDate, shiftIsoDay, type Appointment, type AppointmentStatus, type Store } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { listFailureMessage, notifyListFailure } from '../../../lib/api-client';
import { todayInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { cancelBooking, getAppointments, markNoShow, updateAppointmentStatus } from '../api';
import { AppointmentList } from './appointment-list';
import { BookingDialog } from './booking-dialog';
import { RescheduleDialog } from './reschedule-dialog';

/** Cancels through the conversation's booking when there is one (frees the conversation too), else by status. */
async function changeStatus(a: Appointment, status: AppointmentStatus): Promise<string> {
  if (status === 'CANCELLED' && a.future_service_interaction_id !== null) {
    const result = await cancelBooking({ fid: a.future_service_interaction_id, apptId: a.apptId });
    if (!result.success) throw new Error(result.message);
    return result.message;
  }
  if (status === 'NO_SHOW') await markNoShow(a.apptId);
  else await updateAppointmentStatus(a.apptId, status);
  return status === 'CANCELLED' ? APPOINTMENT_MESSAGES.cancelled : APPOINTMENT_MESSAGES.updated;
}

/** One store's appointments by day, with manual booking, cancelling and status changes. */
export function StoreAppointments({ store }: { store: Store }) {
  const zone = store.officeMasterVO.officeTimeZone;
  const today = todayInTimeZone(zone);
  const [day, setDay] = useState(today);
  const [booking, setBooking] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [version, setVersion] = useState(0);
  const searchDay = isoToSearchDate(day);
  const list = useRemoteData(
    `appointments:${store.id}:${day}:${version}`,
    (signal) => getAppointments({ bocId: store.boc, storeId: store.id, startDate: searchDay, endDate: searchDay }, signal),
    { keepPrevious: true },
  );
  useEffect(() => {
    if (list.error) notifyListFailure(list.error);
  }, [list.error]);

  const onStatus = async (a: Appointment, status: AppointmentStatus) => {
    setBusy(a.apptId);
    try {
      notify({ severity: 'success', message: await changeStatus(a, status) });
      setVersion((n) => n + 1);
    } catch (error) {
      notify({ severity: 'error', message: error instanceof Error && !('status' in error) ? error.message : listFailureMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <IconButton aria-label="Previous day" onClick={() => setDay((d) => shiftIsoDay(d, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <DayPicker value={day} onChange={setDay} />
        <IconButton aria-label="Next day" onClick={() => setDay((d) => shiftIsoDay(d, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button variant="contained" startIcon={<EventAvailableIcon />} onClick={() => setBooking(true)} sx={{ ml: { sm: 'auto' } }}>
          Book appointment
        </Button>
      </Stack>
      {list.data === undefined && list.loading ? (
        <PageSpinner label="Loading appointments" />
      ) : (
        <AppointmentList appointments={list.data ?? []} zone={zone} busy={busy} onStatus={(a, s) => void onStatus(a, s)} onReschedule={setMoving} />
      )}
      {moving ? <RescheduleDialog appointment={moving} zone={zone} onClose={() => setMoving(null)} onMoved={() => setVersion((n) => n + 1)} /> : null}
      <BookingDialog
        open={booking}
        onClose={() => setBooking(false)}
        onChanged={() => setVersion((n) => n + 1)}
        bocId={store.boc}
        storeId={store.id}
        zone={zone}
        initialDay={day}
      />
    </Stack>
  );
}
