import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { listFailureMessage } from '../../../lib/api-client';
import { formatInTimeZone } from '../../../lib/dates';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listSalesAppointments } from '../api';

type Props = {
  storeId: number;
  /** IANA zone of the store: times are its wall clock. */
  zone: string;
  /** Changes after a save, so the list reads again. */
  version: number;
};

/** The store's sales appointments from today on, soonest first. */
export function SalesAppointmentList({ storeId, zone, version }: Props) {
  const list = useRemoteData(`sales-appointments:${storeId}:${version}`, (signal) => listSalesAppointments(storeId, signal), { keepPrevious: true });
  return (
    <Paper variant="outlined" component="section" aria-label="Upcoming sales appointments" sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Upcoming sales appointments
      </Typography>
      {list.error ? <Alert severity="warning">{listFailureMessage(list.error)}</Alert> : null}
      {!list.data ? (
        list.error ? null : <Typography color="text.secondary">Loading appointments…</Typography>
      ) : list.data.length === 0 ? (
        <Typography color="text.secondary">No sales appointments from today on.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Upcoming sales appointments">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Title</TableCell>
                <TableCell>Lead</TableCell>
                <TableCell>Sales rep</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((a) => (
                <TableRow key={a.appointmentId} data-testid={`sales-appointment-${a.appointmentId}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInTimeZone(a.startTime, zone, 'ddd MM/DD/YYYY h:mm A')}</TableCell>
                  <TableCell>{a.title}</TableCell>
                  <TableCell>{a.customerName}</TableCell>
                  <TableCell>{a.salesRepName ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
