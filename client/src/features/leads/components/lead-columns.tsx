import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPhoneDisplay, formatResponseTime, truncateText, type Lead } from '@drivebay/shared';
import { formatInTimeZone } from '../../../lib/dates';
import { htmlToPlainText } from '../../../lib/html-text';

type ColumnOptions = {
  /** IANA zone of the store's office; times are shown on its wall clock. */
  timeZone: string;
  /** The global inbox and max-response-time screens add how long ago the customer last wrote. */
  showResponseTime: boolean;
  now: number;
};

function customerName(lead: Lead): string {
  const { firstName, lastName } = lead.customerMaster;
  return [firstName, lastName].filter(Boolean).join(' ');
}

function vehicleName(lead: Lead): string {
  const v = lead.serviceVehicle;
  if (!v) return '';
  return [v.year, v.make, v.model].filter((part) => part !== '').join(' ');
}

/** How long ago the customer last wrote, in the response-time display's units (spec §9). */
function sinceLastResponse(lead: Lead, now: number): string {
  const at = lead.lastMessageReceivedDate ? Date.parse(lead.lastMessageReceivedDate) : Number.NaN;
  return Number.isNaN(at) ? '' : `${formatResponseTime((now - at) / 1000)} ago`;
}

function lastActivity(lead: Lead): string | null {
  return lead.latestMessage?.createdOn ?? lead.lastMessageReceivedDate;
}

export function leadColumns({ timeZone, showResponseTime, now }: ColumnOptions): GridColDef<Lead>[] {
  const columns: GridColDef<Lead>[] = [
    {
      field: 'customer',
      headerName: 'Customer',
      flex: 1.2,
      minWidth: 160,
      valueGetter: (_value, row) => customerName(row) || row.customerMaster.custno,
    },
    {
      field: 'phone',
      headerName: 'Phone',
      width: 135,
      valueGetter: (_value, row) => formatPhoneDisplay(row.customerMaster.cellular),
    },
    {
      field: 'vehicle',
      headerName: 'Vehicle',
      flex: 1,
      minWidth: 160,
      valueGetter: (_value, row) => vehicleName(row),
    },
    { field: 'serviceType', headerName: 'Service type', width: 170 },
    {
      field: 'latestMessage',
      headerName: 'Latest message',
      flex: 1,
      minWidth: 150,
      // Email bodies are HTML; the list shows their text.
      valueGetter: (_value, row) => htmlToPlainText(row.latestMessage?.content ?? ''),
      renderCell: ({ value }) => (
        <span title={typeof value === 'string' ? value : undefined}>
          {truncateText(typeof value === 'string' ? value : '')}
        </span>
      ),
    },
    {
      field: 'totalUnreadCount',
      headerName: 'Unread',
      type: 'number',
      width: 90,
      renderCell: ({ value }) => (
        <Typography variant="body2" component="span" sx={{ fontWeight: value ? 700 : 400, color: value ? 'primary.main' : 'text.secondary' }}>
          {String(value ?? 0)}
        </Typography>
      ),
    },
    {
      field: 'lastActivity',
      headerName: 'Last activity',
      width: 175,
      valueGetter: (_value, row) => formatInTimeZone(lastActivity(row), timeZone),
    },
  ];
  if (showResponseTime) {
    columns.push({
      field: 'lastResponse',
      headerName: 'Last response',
      width: 120,
      valueGetter: (_value, row) => sinceLastResponse(row, now),
    });
  }
  columns.push({
    field: 'aiEnabled',
    headerName: 'AI',
    width: 90,
    renderCell: ({ row }) =>
      row.aiEnabled ? (
        <Chip label="AI on" size="small" color="success" variant="outlined" />
      ) : (
        <Chip label="AI off" size="small" variant="outlined" />
      ),
  });
  return columns;
}
