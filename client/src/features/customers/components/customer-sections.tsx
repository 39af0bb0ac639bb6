import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_STATUS_LABELS, serviceTypeLabel, truncateText, type CustomerPage } from '@drivebay/shared';
import { formatInTimeZone } from '../../../lib/dates';
import { htmlToPlainText } from '../../../lib/html-text';


/** One titled block of the page, with what it says when it has nothing. */
export function Section({ title, count, empty, children }: { title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title} ({count})
      </Typography>
      {count === 0 ? <Typography color="text.secondary">{empty}</Typography> : children}
    </Paper>
  );
}

export function VehicleList({ vehicles }: { vehicles: CustomerPage['vehicles'] }) {
  return (
    <List dense disablePadding>
      {vehicles.map((v) => (
        <ListItem key={v.id} disableGutters>
          <ListItemText
            primary={`${v.year} ${v.make} ${v.model}`}
            secondary={[`VIN ${v.vin}`, v.odometer !== null ? `${v.odometer.toLocaleString('en-US')} mi` : null, v.lastServiceDate ? `Last service ${v.lastServiceDate}` : null]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function ConversationList({ page, onOpen }: { page: CustomerPage; onOpen: (interactionId: number) => void }) {
  const zone = page.store.timeZone;
  return (
    <List dense disablePadding>
      {page.conversations.map((f) => (
        <ListItem key={f.id} disablePadding>
        <ListItemButton onClick={() => onOpen(f.id)} sx={{ borderRadius: 1, minHeight: 48 }} data-testid={`customer-conversation-${f.id}`}>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{serviceTypeLabel(f.serviceType)}</span>
                {f.convClosed ? <Chip label="Closed" size="small" /> : <Chip label="Open" size="small" color="primary" variant="outlined" />}
                {f.appointmentSet ? <Chip label="Appointment set" size="small" color="success" variant="outlined" /> : null}
                {f.totalUnreadCount > 0 ? <Chip label={`${f.totalUnreadCount} unread`} size="small" color="warning" /> : null}
              </Stack>
            }
            secondary={[
              f.vehicle,
              f.latestMessage ? truncateText(htmlToPlainText(f.latestMessage.content), 60) : 'No messages yet',
              formatInTimeZone(f.lastActivity, zone, 'MM/DD/YYYY h:mm A'),
            ]
              .filter(Boolean)
              .join(' · ')}
            slotProps={{ secondary: { component: 'span' } }}
          />
        </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

export function RepairOrderList({ page }: { page: CustomerPage }) {
  const zone = page.store.timeZone;
  return (
    <List dense disablePadding>
      {page.repairOrders.map((o) => (
        <ListItem key={o.svcOpenRoIdPK} disableGutters>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{o.roNumber}</span>
                <Chip label={o.laneName} size="small" variant="outlined" />
              </Stack>
            }
            secondary={[
              o.vehicle ? `${o.vehicle.year} ${o.vehicle.make} ${o.vehicle.model}` : null,
              o.advisor?.name ?? null,
              `Opened ${formatInTimeZone(o.openDate, zone, 'MM/DD/YYYY')}`,
              o.promisedDate ? `Promised ${formatInTimeZone(o.promisedDate, zone, 'MM/DD/YYYY h:mm A')}` : null,
              o.closeDate ? `Closed ${formatInTimeZone(o.closeDate, zone, 'MM/DD/YYYY')}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            slotProps={{ secondary: { component: 'span' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function AppointmentList({ page }: { page: CustomerPage }) {
  const zone = page.store.timeZone;
  return (
    <List dense disablePadding>
      {page.appointments.map((a) => (
        <ListItem key={a.apptId} disableGutters>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{formatInTimeZone(a.startDate, zone, 'ddd MM/DD/YYYY h:mm A')}</span>
                <Chip label={(APPOINTMENT_STATUS_LABELS as Record<string, string>)[a.apptStatus] ?? a.apptStatus} size="small" variant="outlined" />
              </Stack>
            }
            secondary={[a.servicePackages.map((p) => p.description).join(', ') || a.title, a.advisorName].filter(Boolean).join(' · ')}
            slotProps={{ secondary: { component: 'span' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
