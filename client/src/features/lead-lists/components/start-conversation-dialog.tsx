import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SERVICE_TYPES, formatPhoneDisplay, isForcibleRefusal, serviceTypeLabel, type ServiceType } from '@drivebay/shared';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants';
import { ApiRequestError, listFailureMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRemoteData } from '../../../lib/use-remote-data';
import { searchCustomers, startConversation } from '../api';

type Props = {
  storeId: number;
  storeName: string;
  onClose: () => void;
  onStarted: (interactionId: number) => void;
  /** Opens the picked customer's page (customer, vehicles, conversations, repair orders, appointments). */
  onOpenCustomer?: (customerId: number) => void;
};

/**
 * Start a conversation with any customer of the store: search, pick the customer and vehicle,
 * start. When the server refuses because another conversation is open or the customer was just
 * contacted, its first error shows as the forced-conversation warning, with a forced start.
 */
export function StartConversationDialog({ storeId, storeName, onClose, onStarted, onOpenCustomer }: Props) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const customers = useRemoteData(search ? `customers:${storeId}:${search}` : null, (signal) => searchCustomers(storeId, search, signal));
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [vehicleId, setVehicleId] = useState<number | ''>('');
  const [serviceType, setServiceType] = useState<ServiceType>('OIL_CHANGE');
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const customer = customers.data?.find((c) => c.id === customerId) ?? null;

  const start = async (isForced: boolean) => {
    if (!customer) return;
    setBusy(true);
    setError(null);
    try {
      const r = await startConversation(customer.id, vehicleId === '' ? null : vehicleId, serviceType, isForced);
      setWarning(null);
      notify({ severity: 'success', message: r.message });
      onStarted(r.interactionId);
    } catch (err) {
      const message = err instanceof ApiRequestError ? err.serverMessage ?? '' : '';
      if (err instanceof ApiRequestError && err.status === 400 && isForcibleRefusal(message)) setWarning(message);
      else setError(listFailureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="start-conversation-title">
      <DialogTitle id="start-conversation-title">Start a conversation · {storeName}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Find a customer" type="search" value={text} autoFocus onChange={(e) => { setText(e.target.value); setCustomerId(null); setWarning(null); }} placeholder="Name, phone, e-mail or customer no." />
          {customers.loading ? <CircularProgress size={24} aria-label="Searching customers" /> : null}
          {customers.error ? <Alert severity="warning">{listFailureMessage(customers.error)}</Alert> : null}
          {search && customers.data && customers.data.length === 0 ? <Typography color="text.secondary">No customers found</Typography> : null}
          {customers.data && customers.data.length > 0 && !customer ? (
            <List dense aria-label="Customers" sx={{ maxHeight: 260, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {customers.data.map((c) => (
                <ListItemButton key={c.id} onClick={() => { setCustomerId(c.id); setVehicleId(c.vehicles[0]?.id ?? ''); }}>
                  <ListItemText
                    primary={`${c.firstName} ${c.lastName}`.trim() || c.custno}
                    secondary={[formatPhoneDisplay(c.cellular), c.email, c.activeInteractions ? `${c.activeInteractions} open conversation${c.activeInteractions === 1 ? '' : 's'}` : 'No open conversation'].filter(Boolean).join(' · ')}
                  />
                </ListItemButton>
              ))}
            </List>
          ) : null}
          {customer ? (
            <>
              <Stack direction="row" sx={{ alignItems: 'center' }} spacing={1}>
                <Typography sx={{ flex: 1 }}><strong>{`${customer.firstName} ${customer.lastName}`.trim()}</strong> · {formatPhoneDisplay(customer.cellular) || 'no mobile number'}</Typography>
                {onOpenCustomer ? <Button onClick={() => onOpenCustomer(customer.id)}>Customer page</Button> : null}
                <Button onClick={() => { setCustomerId(null); setWarning(null); }}>Change</Button>
              </Stack>
              <FormControl>
                <InputLabel id="start-vehicle-label">Vehicle</InputLabel>
                <Select labelId="start-vehicle-label" label="Vehicle" value={vehicleId} onChange={(e) => setVehicleId(e.target.value as number | '')}>
                  <MenuItem value="">No vehicle</MenuItem>
                  {customer.vehicles.map((v) => <MenuItem key={v.id} value={v.id}>{`${v.year} ${v.make} ${v.model} · ${v.vin}`}</MenuItem>)}
                </Select>
              </FormControl>
              <FormControl>
                <InputLabel id="start-service-label">Service</InputLabel>
                <Select labelId="start-service-label" label="Service" value={serviceType} onChange={(e) => setServiceType(e.target.value as ServiceType)}>
                  {SERVICE_TYPES.map((t) => <MenuItem key={t} value={t}>{serviceTypeLabel(t)}</MenuItem>)}
                </Select>
              </FormControl>
            </>
          ) : null}
          {warning ? (
            <Alert severity="warning" role="alert" action={<Button color="inherit" size="small" disabled={busy} onClick={() => start(true)}>Start anyway</Button>}>
              {warning}
            </Alert>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!customer || busy} onClick={() => start(false)}>
          {busy ? <CircularProgress size={20} aria-label="Starting" /> : 'Start'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
