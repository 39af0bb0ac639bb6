import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIVISIONS, PATHS } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { SalesAppointmentForm, SalesAppointmentList } from '../../../features/sales-appointments';
import { useLayoutContext } from './layout-context';

/** /sales/appointment: an appointment with a lead of the selected store. */
export default function SalesAppointmentScreen() {
  const { user, scope } = useLayoutContext();
  const navigate = useNavigate();
  const store = scope.selectedStore;
  // Sales reps work the sales division; others start there and may switch.
  const [divisionId, setDivisionId] = useState(user.division?.divisionId ?? 'DIV001');
  const [saves, setSaves] = useState(0);
  const salesRepName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title="Sales appointment" subtitle={store ? store.storeName : undefined} />
      {store ? (
        <>
          <TextField select label="Division" value={divisionId} onChange={(e) => setDivisionId(e.target.value)} sx={{ maxWidth: 280, mb: 2 }}>
            {DIVISIONS.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
          <SalesAppointmentForm
            key={`${store.id}:${divisionId}`}
            store={{ id: store.id, bocId: store.boc, timezoneDisplay: store.officeMasterVO.timezoneDisplay }}
            divisionId={divisionId}
            salesRepName={salesRepName}
            onCancel={() => navigate(PATHS.leadManager)}
            onSaved={() => setSaves((n) => n + 1)}
          />
          <SalesAppointmentList storeId={store.id} zone={store.officeMasterVO.officeTimeZone} version={saves} />
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">Pick a store in the bar above to set an appointment with one of its leads.</Typography>
        </Paper>
      )}
    </Stack>
  );
}
