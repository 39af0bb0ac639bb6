import { useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { A2P_STATUS_LABELS, LOGO_TYPES, MAX_LOGO_BYTES, US_STATES, canAdmin, type AdminEnterprise, type AdminStore, type Role } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';
import { StoreDialog } from './store-dialog';

const splitList = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

function EnterpriseForm({ enterprise, canEdit, onSaved }: { enterprise: AdminEnterprise; canEdit: boolean; onSaved: () => void }) {
  const [name, setName] = useState(enterprise.name);
  const [brands, setBrands] = useState(enterprise.brands.join(', '));
  const [email, setEmail] = useState(enterprise.outgoingEmail ?? '');
  const [leadForms, setLeadForms] = useState(enterprise.leadFormEnabled);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await adminApi.updateEnterprise(enterprise.id, { name, brands: splitList(brands), outgoingEmail: email || null, leadFormEnabled: leadForms });
      setErrors({});
      notify({ severity: 'success', message: 'Successfully Updated' });
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  const uploadLogo = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return notify({ severity: 'warning', message: 'The logo must be a PNG, JPEG or WebP image' });
    if (file.size > MAX_LOGO_BYTES) return notify({ severity: 'warning', message: 'The logo is larger than 256 kB' });
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    try {
      await adminApi.saveLogo(enterprise.id, { contentType: file.type, data: btoa(binary) });
      notify({ severity: 'success', message: 'Successfully Updated' });
      onSaved();
    } catch (error) {
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Enterprise
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} disabled={!canEdit} error={!!errors.name} helperText={errors.name} sx={{ minWidth: 240 }} />
        <TextField label="Brands" value={brands} onChange={(e) => setBrands(e.target.value)} disabled={!canEdit} helperText="Comma-separated, e.g. Toyota, Honda" sx={{ minWidth: 240 }} />
        <TextField label="Outgoing email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={!canEdit} error={!!errors.outgoingEmail} helperText={errors.outgoingEmail ?? 'Sender of account and customer email'} sx={{ minWidth: 260 }} />
        <FormControlLabel control={<Switch checked={leadForms} onChange={(e) => setLeadForms(e.target.checked)} disabled={!canEdit} />} label="Lead forms on" />
      </Stack>
      {canEdit ? (
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            Save enterprise
          </Button>
          <Button variant="outlined" component="label">
            {enterprise.hasLogo ? 'Update logo' : 'Add logo'}
            <input hidden type="file" accept={LOGO_TYPES.join(',')} onChange={(e) => void uploadLogo(e)} aria-label="Logo file" />
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

function BocSection({ enterpriseId, canEdit, onChanged }: { enterpriseId: number; canEdit: boolean; onChanged: () => void }) {
  const [version, setVersion] = useState(0);
  const bocs = useRemoteData(`bocs:${enterpriseId}:${version}`, (s) => adminApi.bocs(enterpriseId, s), { keepPrevious: true });
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = async () => {
    try {
      await adminApi.createBoc({ enterpriseId, bocId: code, bocName: name });
      notify({ severity: 'success', message: 'Successfully Updated' });
      setCode('');
      setName('');
      setErrors({});
      setVersion((v) => v + 1);
      onChanged();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        BOCs
      </Typography>
      {bocs.error ? <Alert severity="warning">{adminFailure(bocs.error)}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 1.5 }} useFlexGap>
        {bocs.loading && !bocs.data ? <Typography color="text.secondary">Loading…</Typography> : null}
        {bocs.data?.length === 0 ? <Typography color="text.secondary">No BOCs yet.</Typography> : null}
        {bocs.data?.map((b) => (
          <Chip key={b.id} label={`${b.bocName} (${b.bocId}) · ${b.storeCount} store${b.storeCount === 1 ? '' : 's'}`} color={b.storeCount === 0 ? 'warning' : 'default'} variant="outlined" />
        ))}
      </Stack>
      {bocs.data?.some((b) => b.storeCount === 0) ? <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>Highlighted BOCs have no store mapped yet: map one from the store list.</Typography> : null}
      {canEdit ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField size="small" label="BOC code" value={code} onChange={(e) => setCode(e.target.value)} error={!!errors.bocId} helperText={errors.bocId} />
          <TextField size="small" label="BOC name" value={name} onChange={(e) => setName(e.target.value)} error={!!errors.bocName} helperText={errors.bocName} />
          <Button variant="outlined" onClick={() => void add()}>
            Add BOC
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

function MapStoreDialog({ store, enterpriseId, onClose }: { store: AdminStore; enterpriseId: number; onClose: (saved: boolean) => void }) {
  const bocs = useRemoteData(`map-bocs:${enterpriseId}`, (s) => adminApi.bocs(enterpriseId, s));
  const [bocId, setBocId] = useState(store.bocId);
  const save = async () => {
    try {
      await adminApi.mapStore(store.id, bocId);
      notify({ severity: 'success', message: 'Mapping Saved Successfully.' });
      onClose(true);
    } catch (error) {
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="xs">
      <DialogTitle>Map {store.storeName}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth label="BOC" value={bocs.data ? bocId : ''} onChange={(e) => setBocId(Number(e.target.value))} sx={{ mt: 1 }}>
          {(bocs.data ?? []).map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.bocName} ({b.bocId})
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={bocId === store.bocId}>
          Save mapping
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Administration > Organisation: the enterprise, its BOCs and stores. */
export function OrganisationPanel({ enterprise, roles, onChanged }: { enterprise: AdminEnterprise; roles: readonly Role[]; onChanged: () => void }) {
  const [version, setVersion] = useState(0);
  const stores = useRemoteData(`stores:${enterprise.id}:${version}`, (s) => adminApi.stores(enterprise.id, s), { keepPrevious: true });
  const [editing, setEditing] = useState<AdminStore | 'new' | null>(null);
  const [mapping, setMapping] = useState<AdminStore | null>(null);
  const canEditOrg = canAdmin(roles, 'ORG_EDIT');
  const reload = () => {
    setVersion((v) => v + 1);
    onChanged();
  };
  const stateName = (code: string | null) => US_STATES.find((s) => s.code === code)?.name ?? code ?? '';

  return (
    <Stack spacing={2}>
      <EnterpriseForm key={enterprise.id} enterprise={enterprise} canEdit={canAdmin(roles, 'ENTERPRISE_EDIT')} onSaved={onChanged} />
      <BocSection enterpriseId={enterprise.id} canEdit={canEditOrg} onChanged={reload} />
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            Stores
          </Typography>
          {canEditOrg ? (
            <Button variant="contained" onClick={() => setEditing('new')}>
              Add store
            </Button>
          ) : null}
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Stores">
            <TableHead>
              <TableRow>
                <TableCell>Store</TableCell>
                <TableCell>BOC</TableCell>
                <TableCell>Time zone</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Texting numbers</TableCell>
                <TableCell>Business texting</TableCell>
                {canEditOrg ? <TableCell align="right">Actions</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {stores.error ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Alert severity="warning">{adminFailure(stores.error)}</Alert>
                  </TableCell>
                </TableRow>
              ) : !stores.data?.length ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      {stores.loading ? 'Loading…' : 'No stores yet.'}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                stores.data.map((s) => (
                  <TableRow key={s.id} hover>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>{s.storeName}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {s.storeId}
                        {s.legalName !== s.storeName ? ` · ${s.legalName}` : ''}
                      </Typography>
                    </TableCell>
                    <TableCell>{s.bocName}</TableCell>
                    <TableCell>{s.timezoneDisplay}</TableCell>
                    <TableCell>{stateName(s.state)}</TableCell>
                    <TableCell>{s.textingNumbers.join(', ') || '—'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={A2P_STATUS_LABELS[s.a2pStatus]} color={s.a2pStatus === 'REGISTERED' ? 'success' : s.a2pStatus === 'REJECTED' ? 'error' : 'default'} />
                    </TableCell>
                    {canEditOrg ? (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" onClick={() => setEditing(s)} aria-label={`Edit ${s.storeName}`}>
                          Edit
                        </Button>
                        <Button size="small" onClick={() => setMapping(s)} aria-label={`Map ${s.storeName} to a BOC`}>
                          Map
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </Box>
      </Paper>
      {editing ? (
        <StoreDialog
          enterpriseId={enterprise.id}
          store={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) reload();
          }}
        />
      ) : null}
      {mapping ? (
        <MapStoreDialog
          store={mapping}
          enterpriseId={enterprise.id}
          onClose={(saved) => {
            setMapping(null);
            if (saved) reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
