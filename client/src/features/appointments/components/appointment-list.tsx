import { useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { formatPhoneDisplay, type Appointment, type AppointmentStatus } from '@drivebay/shared';
import { formatInTimeZone } from '../../../lib/dates';
import { actionsFor, canReschedule, STATUS_COLORS, STATUS_LABELS } from '../lib/appointment-actions';

type AppointmentListProps = {
  appointments: Appointment[];
  zone: string;
  busy: number | null;
  onStatus: (appointment: Appointment, status: AppointmentStatus) => void;
  onReschedule: (appointment: Appointment) => void;
};

type ActionsProps = { appointment: Appointment; disabled: boolean } & Pick<AppointmentListProps, 'onStatus' | 'onReschedule'>;

function Actions({ appointment, disabled, onStatus, onReschedule }: ActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = actionsFor(appointment.apptStatus);
  const movable = canReschedule(appointment.apptStatus);
  if (actions.length === 0 && !movable) return null;
  return (
    <>
      <IconButton aria-label={`Change appointment ${appointment.apptId}`} disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {movable ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onReschedule(appointment);
            }}
          >
            Reschedule
          </MenuItem>
        ) : null}
        {actions.map((a) => (
          <MenuItem
            key={a.status}
            onClick={() => {
              setAnchor(null);
              onStatus(appointment, a.status);
            }}
          >
            {a.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A day's appointments in time order, with their status and the changes allowed from it. */
export function AppointmentList({ appointments, zone, busy, onStatus, onReschedule }: AppointmentListProps) {
  if (appointments.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">No appointments on this day.</Typography>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Appointments">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Vehicle</TableCell>
            <TableCell>Service</TableCell>
            <TableCell>Advisor</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {appointments.map((a) => (
            <TableRow key={a.apptId} data-testid={`appointment-${a.apptId}`} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatInTimeZone(a.startDate, zone, 'h:mm A')} – {formatInTimeZone(a.endDate, zone, 'h:mm A')}
              </TableCell>
              <TableCell>
                {a.customer ? `${a.customer.firstName} ${a.customer.lastName}` : '—'}
                {a.customer?.cellular ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {formatPhoneDisplay(a.customer.cellular)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{a.vehicle ? `${a.vehicle.year} ${a.vehicle.make} ${a.vehicle.model}` : '—'}</TableCell>
              <TableCell>{a.servicePackages.map((p) => p.description).join(', ') || a.title || a.opCodes.join(', ')}</TableCell>
              <TableCell>{a.advisorName ?? '—'}</TableCell>
              <TableCell>
                <Chip size="small" label={STATUS_LABELS[a.apptStatus]} color={STATUS_COLORS[a.apptStatus]} variant="outlined" />
              </TableCell>
              <TableCell align="right">
                <Actions appointment={a} disabled={busy === a.apptId} onStatus={onStatus} onReschedule={onReschedule} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
