import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { US_STATES, type AdminStore } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';

/** Time zones offered first: the US office zones. Any IANA zone can be typed. */
export const OFFICE_TIME_ZONES = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Puerto_Rico',
];

/** Add or edit a store: code, name, BOC, office time zone, address, state, brands, phone, email. */
export function StoreDialog({ enterpriseId, store, onClose }: { enterpriseId: number; store: AdminStore | null; onClose: (saved: boolean) => void }) {
  const bocs = useRemoteData(`dialog-bocs:${enterpriseId}`, (s) => adminApi.bocs(enterpriseId, s));
  const [form, setForm] = useState({
    bocId: store?.bocId ?? 0,
    storeId: store?.storeId ?? '',
    storeName: store?.legalName ?? '',
    officeTimeZone: store?.officeTimeZone ?? 'America/New_York',
    address: store?.address ?? '',
    state: store?.state ?? '',
    brands: store?.brands.join(', ') ?? '',
    phoneNumber: store?.phoneNumber ?? '',
    email: store?.email ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: k === 'bocId' ? Number(e.target.value) : e.target.value }));
  const bocId = form.bocId || bocs.data?.[0]?.id || 0;

  const save = async () => {
    setBusy(true);
    const body = { ...form, bocId, brands: form.brands.split(',').map((b) => b.trim()).filter(Boolean), address: form.address || null, state: form.state || null, phoneNumber: form.phoneNumber || null, email: form.email || null };
    try {
      if (store) await adminApi.updateStore(store.id, body);
      else await adminApi.createStore(body);
      notify({ severity: 'success', message: 'Successfully Updated' });
      onClose(true);
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitle>{store ? `Edit ${store.storeName}` : 'Add store'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label="BOC" value={bocs.data ? bocId : ''} onChange={set('bocId')} error={!!errors.bocId} helperText={errors.bocId ?? (bocs.data?.length === 0 ? 'Add a BOC first' : undefined)}>
            {(bocs.data ?? []).map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.bocName} ({b.bocId})
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Store code" value={form.storeId} onChange={set('storeId')} error={!!errors.storeId} helperText={errors.storeId} required />
            <TextField label="Store name" value={form.storeName} onChange={set('storeName')} error={!!errors.storeName} helperText={errors.storeName} required fullWidth />
          </Stack>
          <TextField select label="Office time zone" value={form.officeTimeZone} onChange={set('officeTimeZone')} error={!!errors.officeTimeZone} helperText={errors.officeTimeZone ?? 'Message times are shown in it'}>
            {[...new Set([...OFFICE_TIME_ZONES, form.officeTimeZone])].map((z) => (
              <MenuItem key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Address" value={form.address} onChange={set('address')} error={!!errors.address} helperText={errors.address} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="State" value={form.state} onChange={set('state')} error={!!errors.state} helperText={errors.state} sx={{ minWidth: 200 }}>
              <MenuItem value="">Not set</MenuItem>
              {US_STATES.map((s) => (
                <MenuItem key={s.code} value={s.code}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Brands" value={form.brands} onChange={set('brands')} helperText="Comma-separated" fullWidth />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Phone" value={form.phoneNumber} onChange={set('phoneNumber')} error={!!errors.phoneNumber} helperText={errors.phoneNumber ?? '10 digits'} fullWidth />
            <TextField label="Email" type="email" value={form.email} onChange={set('email')} error={!!errors.email} helperText={errors.email} fullWidth />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Save store
        </Button>
      </DialogActions>
    </Dialog>
  );
}
