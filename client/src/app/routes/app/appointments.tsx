import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { StoreAppointments } from '../../../features/appointments';
import { useLayoutContext } from './layout-context';

function ChooseStore() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <EventNoteIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2">
          Choose a store
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          Pick an enterprise, a BOC and a store in the bar above to see and book its service appointments.
        </Typography>
      </Stack>
    </Paper>
  );
}

/** /appointments: the selected store's service appointments by day, and manual booking. */
export default function AppointmentsScreen() {
  const { selection, scope } = useLayoutContext();
  const store = scope.selectedStore;
  const ready = selection.enterpriseId !== null && selection.storeId !== null;

  let body;
  if (ready && store) body = <StoreAppointments key={store.id} store={store} />;
  else if (ready && scope.loading.stores) body = <PageSpinner label="Loading store" />;
  else body = <ChooseStore />;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader
        title="Appointments"
        subtitle={store ? `${store.storeName} · service drive bookings · times in ${store.officeMasterVO.timezoneDisplay}` : undefined}
      />
      {body}
    </Stack>
  );
}
