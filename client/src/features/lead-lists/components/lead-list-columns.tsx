import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { LEAD_STAGE_LABELS, formatPhoneDisplay, leadReasonLabel, serviceTypeLabel, truncateText, type LeadListRow } from '@drivebay/shared';
import { formatInTimeZone } from '../../../lib/dates';
import { htmlToPlainText } from '../../../lib/html-text';

const name = (r: LeadListRow) => [r.customerMaster.firstName, r.customerMaster.lastName].filter(Boolean).join(' ') || r.customerMaster.custno;
const vehicle = (r: LeadListRow) => (r.serviceVehicle ? `${r.serviceVehicle.year} ${r.serviceVehicle.make} ${r.serviceVehicle.model}` : '');

/** The columns of every lead list; the sortable ones map to the server's sorts. */
export function leadListColumns(o: { timeZone: string; showStore: boolean; onDetails: (row: LeadListRow) => void }): GridColDef<LeadListRow>[] {
  const cols: GridColDef<LeadListRow>[] = [
    {
      field: 'customerName', headerName: 'Customer', flex: 1.1, minWidth: 150,
      valueGetter: (_v, r) => name(r),
      renderCell: ({ row }) => (
        <Stack sx={{ py: 0.5, lineHeight: 1.2 }}>
          <Typography variant="body2" sx={{ fontWeight: row.totalUnreadCount ? 700 : 500 }}>{name(row)}</Typography>
          <Typography variant="caption" color="text.secondary">{formatPhoneDisplay(row.customerMaster.cellular) || row.customerMaster.email || ''}</Typography>
        </Stack>
      ),
    },
    { field: 'vehicle', headerName: 'Vehicle', flex: 0.9, minWidth: 130, sortable: false, valueGetter: (_v, r) => vehicle(r) },
    { field: 'serviceType', headerName: 'Service', flex: 0.8, minWidth: 120, sortable: false, valueGetter: (_v, r) => serviceTypeLabel(r.serviceType) },
    {
      field: 'stage', headerName: 'Stage', flex: 0.9, minWidth: 130, sortable: false,
      valueGetter: (_v, r) => (r.leadStage ? LEAD_STAGE_LABELS[r.leadStage] : 'Not started'),
      renderCell: ({ row }) => (
        <Stack sx={{ py: 0.5, lineHeight: 1.2 }}>
          <Typography variant="body2">{row.leadStage ? LEAD_STAGE_LABELS[row.leadStage] : 'Not started'}</Typography>
          {row.leadReason ? <Typography variant="caption" color="text.secondary">{leadReasonLabel(row.leadReason)}</Typography> : null}
        </Stack>
      ),
    },
    {
      field: 'latestMessage', headerName: 'Latest message', flex: 1.3, minWidth: 160, sortable: false,
      valueGetter: (_v, r) => htmlToPlainText(r.latestMessage?.content ?? ''),
      renderCell: ({ value }) => <span title={String(value ?? '')}>{truncateText(String(value ?? ''))}</span>,
    },
    {
      field: 'unread', headerName: 'Unread', type: 'number', width: 80,
      valueGetter: (_v, r) => r.totalUnreadCount,
    },
    { field: 'lastActivity', headerName: 'Last activity', width: 160, valueGetter: (_v, r) => formatInTimeZone(r.latestMessage?.createdOn ?? r.lastMessageReceivedDate, o.timeZone) },
    {
      // When the lead is next due: its planned follow-up, else its contact-later day.
      field: 'due', headerName: 'Next due', width: 150, sortable: false,
      valueGetter: (_v, r) => (r.followUpDue ? formatInTimeZone(r.followUpDue, o.timeZone) : r.contactLaterOn ? `Contact ${r.contactLaterOn}` : ''),
    },
    {
      field: 'flags', headerName: 'Status', width: 150, sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {row.convClosed ? <Chip size="small" label="Closed" /> : null}
          {row.responseReqd ? <Chip size="small" color="warning" label="Waiting" /> : null}
          {row.blockSms ? <Chip size="small" color="error" label="Opted out" /> : null}
          {row.appointmentSet ? <Chip size="small" color="success" label="Appt" /> : null}
          {!row.aiEnabled ? <Chip size="small" variant="outlined" label="AI off" /> : null}
        </Stack>
      ),
    },
    {
      field: 'actions', headerName: 'Lead', width: 92, sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          aria-label={`Lead details of ${name(row)}`}
          onClick={(event) => {
            event.stopPropagation();
            o.onDetails(row);
          }}
        >
          Details
        </Button>
      ),
    },
  ];
  if (o.showStore) cols.splice(1, 0, { field: 'storeName', headerName: 'Store', flex: 0.8, minWidth: 120, sortable: false });
  return cols;
}
