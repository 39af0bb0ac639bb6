import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { A2P_STATUSES, A2P_STATUS_LABELS, DIVISIONS, type A2pStatus, type AdminStore, type AvailableNumber } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';

function A2pForm({ store, onSaved }: { store: AdminStore; onSaved: () => void }) {
  const [status, setStatus] = useState<A2pStatus>(store.a2pStatus);
  const [brand, setBrand] = useState(store.a2pBrandId ?? '');
  const [campaign, setCampaign] = useState(store.a2pCampaignId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      await adminApi.saveA2p(store.id, { a2pStatus: status, a2pBrandId: brand || null, a2pCampaignId: campaign || null });
      setErrors({});
      notify({ severity: 'success', message: 'Successfully Updated' });
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Business texting registration (A2P 10DLC)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        US carriers block texts from numbers whose brand and campaign are not registered. Until this store is registered it cannot text on a real carrier; the built-in simulated carrier is exempt.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField select label="Status" value={status} onChange={(e) => setStatus(e.target.value as A2pStatus)} sx={{ minWidth: 220 }}>
          {A2P_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {A2P_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Brand id" value={brand} onChange={(e) => setBrand(e.target.value)} error={!!errors.a2pBrandId} helperText={errors.a2pBrandId} />
        <TextField label="Campaign id" value={campaign} onChange={(e) => setCampaign(e.target.value)} error={!!errors.a2pCampaignId} helperText={errors.a2pCampaignId} />
        <Button variant="contained" onClick={() => void save()} sx={{ alignSelf: { md: 'center' } }}>
          Save registration
        </Button>
      </Stack>
    </Paper>
  );
}

function SmsAccount({ storeId }: { storeId: number }) {
  const [version, setVersion] = useState(0);
  const config = useRemoteData(`sms-config:${storeId}:${version}`, (s) => adminApi.twilioConfig(storeId, 'SMS_AND_CALL', s));
  const [sid, setSid] = useState('');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    try {
      await adminApi.saveTwilioConfig({ storeId, twilioServiceType: 'SMS_AND_CALL', accountSid: sid, authToken: token });
      setErrors({});
      setToken('');
      notify({ severity: 'success', message: 'Successfully Updated' });
      setVersion((v) => v + 1);
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  const check = async (provider: 'twilio' | 'bandwidth') => {
    try {
      const r = await adminApi.validateSms(storeId, provider);
      setResult({ ok: r.verified, text: r.verified ? `${r.message} (${r.provider === 'simulator' ? 'simulated carrier' : r.provider})` : r.message });
    } catch (error) {
      setResult({ ok: false, text: adminFailure(error) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        SMS and call account (Twilio)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {config.data
          ? `This store texts with account ${config.data.accountSid} (token ${config.data.authTokenHint})${config.data.verifiedOn ? ', verified' : ''}.`
          : config.loading
            ? 'Loading…'
            : 'This store texts with the product’s default account. Add the store’s own Twilio account here.'}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField label="Account SID" value={sid} onChange={(e) => setSid(e.target.value)} error={!!errors.accountSid} helperText={errors.accountSid ?? 'AC followed by 32 characters'} sx={{ minWidth: 300 }} />
        <TextField label="Auth token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} error={!!errors.authToken} helperText={errors.authToken ?? 'Checked with the carrier before it is saved'} />
        <Button variant="contained" onClick={() => void save()} sx={{ alignSelf: { md: 'flex-start' }, mt: { md: 1 } }}>
          Save account
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
        <Button variant="outlined" onClick={() => void check('twilio')}>
          Check Twilio SMS
        </Button>
        <Button variant="outlined" onClick={() => void check('bandwidth')}>
          Check Bandwidth SMS
        </Button>
      </Stack>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'warning'} sx={{ mt: 1.5 }}>
          {result.text}
        </Alert>
      ) : null}
    </Paper>
  );
}

function BandwidthAccount({ storeId }: { storeId: number }) {
  const [version, setVersion] = useState(0);
  const config = useRemoteData(`bw-config:${storeId}:${version}`, (s) => adminApi.bandwidthConfig(storeId, s));
  const [f, setF] = useState({ accountId: '', username: '', password: '', applicationId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      await adminApi.saveBandwidthConfig({ storeId, ...f, applicationId: f.applicationId || null });
      setErrors({});
      setF((x) => ({ ...x, password: '' }));
      notify({ severity: 'success', message: 'Successfully Updated' });
      setVersion((v) => v + 1);
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Bandwidth account
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {config.loading ? 'Loading…' : config.data ? `Account ${config.data.accountId}, user ${config.data.usernameHint}${config.data.applicationId ? `, application ${config.data.applicationId}` : ''}.` : 'No Bandwidth account for this store.'}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField label="Account id" value={f.accountId} onChange={(e) => setF({ ...f, accountId: e.target.value })} error={!!errors.accountId} helperText={errors.accountId} />
        <TextField label="API username" value={f.username} onChange={(e) => setF({ ...f, username: e.target.value })} error={!!errors.username} helperText={errors.username} />
        <TextField label="API password" type="password" autoComplete="off" value={f.password} onChange={(e) => setF({ ...f, password: e.target.value })} error={!!errors.password} helperText={errors.password} />
        <TextField label="Application id" value={f.applicationId} onChange={(e) => setF({ ...f, applicationId: e.target.value })} />
        <Button variant="contained" onClick={() => void save()} sx={{ alignSelf: { md: 'center' } }}>
          Save Bandwidth
        </Button>
      </Stack>
    </Paper>
  );
}

function Numbers({ enterpriseId, stores }: { enterpriseId: number; stores: AdminStore[] }) {
  const [version, setVersion] = useState(0);
  const owned = useRemoteData(`numbers:${enterpriseId}:${version}`, (s) => adminApi.numbers(enterpriseId, s), { keepPrevious: true });
  const [provider, setProvider] = useState<'twilio' | 'bandwidth'>('twilio');
  const [storeId, setStoreId] = useState(stores[0]?.id ?? 0);
  const [areaCode, setAreaCode] = useState('');
  const [found, setFound] = useState<AvailableNumber[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [assignTo, setAssignTo] = useState<Record<string, { storeId: number; divisionId: string }>>({});

  const search = async () => {
    setBusy(true);
    setError(null);
    try {
      setFound(await adminApi.searchNumbers(storeId, areaCode, provider));
    } catch (e) {
      setFound(null);
      setError(adminFailure(e));
    } finally {
      setBusy(false);
    }
  };
  const buy = async (n: AvailableNumber) => {
    try {
      await adminApi.buyNumber(storeId, n.phoneNumber, provider);
      notify({ severity: 'success', message: `Bought ${n.friendlyName}` });
      setFound((f) => f?.filter((x) => x.phoneNumber !== n.phoneNumber) ?? null);
      setVersion((v) => v + 1);
    } catch (e) {
      notify({ severity: 'warning', message: adminFailure(e) });
    }
  };
  const assign = async (phoneNumber: string) => {
    const target = assignTo[phoneNumber] ?? { storeId: stores[0]?.id ?? 0, divisionId: 'DIV004' };
    try {
      await adminApi.assignNumber(phoneNumber, target.storeId, target.divisionId);
      notify({ severity: 'success', message: 'Successfully Updated' });
      setVersion((v) => v + 1);
    } catch (e) {
      notify({ severity: 'warning', message: adminFailure(e) });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Phone numbers
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <ToggleButtonGroup exclusive size="small" value={provider} onChange={(_, v: 'twilio' | 'bandwidth' | null) => v && setProvider(v)} aria-label="Carrier">
          <ToggleButton value="twilio">Twilio</ToggleButton>
          <ToggleButton value="bandwidth">Bandwidth</ToggleButton>
        </ToggleButtonGroup>
        <TextField select size="small" label="Account of store" value={storeId || ''} onChange={(e) => setStoreId(Number(e.target.value))} sx={{ minWidth: 220 }}>
          {stores.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.storeName}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Area code" value={areaCode} onChange={(e) => setAreaCode(e.target.value.replace(/\D/g, '').slice(0, 3))} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <Button variant="contained" onClick={() => void search()} disabled={busy || areaCode.length !== 3 || !storeId}>
          Search numbers
        </Button>
      </Stack>
      {error ? <Alert severity="warning" sx={{ mt: 1.5 }}>{error}</Alert> : null}
      {found ? (
        found.length ? (
          <List dense aria-label="Proposed numbers" sx={{ mt: 1 }}>
            {found.map((n) => (
              <ListItem key={n.phoneNumber} secondaryAction={<Button size="small" onClick={() => void buy(n)} aria-label={`Buy ${n.friendlyName}`}>Buy</Button>}>
                <ListItemText primary={n.friendlyName} secondary={[n.locality, n.region].filter(Boolean).join(', ') || n.phoneNumber} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>No numbers are free in this area code.</Typography>
        )
      ) : null}
      <Box sx={{ overflowX: 'auto', mt: 2 }}>
        <Table size="small" aria-label="Bought numbers">
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell>Carrier</TableCell>
              <TableCell>Store</TableCell>
              <TableCell align="right">Assign to</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!owned.data?.length ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary" sx={{ py: 1.5, textAlign: 'center' }}>
                    {owned.loading ? 'Loading…' : owned.error ? adminFailure(owned.error) : 'No numbers bought yet.'}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              owned.data.map((n) => {
                const target = assignTo[n.phoneNumber] ?? { storeId: n.storeId ?? stores[0]?.id ?? 0, divisionId: n.divisionId ?? 'DIV004' };
                return (
                  <TableRow key={n.phoneNumber}>
                    <TableCell>{n.phoneNumber}</TableCell>
                    <TableCell>{n.provider === 'simulator' ? 'Simulated carrier' : n.provider === 'twilio' ? 'Twilio' : 'Bandwidth'}</TableCell>
                    <TableCell>{n.storeName ? `${n.storeName} · ${DIVISIONS.find((d) => d.id === n.divisionId)?.name ?? ''}` : <Chip size="small" label="Unassigned" />}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <TextField select size="small" label="Store" value={target.storeId || ''} onChange={(e) => setAssignTo((a) => ({ ...a, [n.phoneNumber]: { ...target, storeId: Number(e.target.value) } }))} sx={{ minWidth: 180 }}>
                          {stores.map((s) => (
                            <MenuItem key={s.id} value={s.id}>
                              {s.storeName}
                            </MenuItem>
                          ))}
                        </TextField>
                        <TextField select size="small" label="Division" value={target.divisionId} onChange={(e) => setAssignTo((a) => ({ ...a, [n.phoneNumber]: { ...target, divisionId: e.target.value } }))} sx={{ minWidth: 150 }}>
                          {DIVISIONS.map((d) => (
                            <MenuItem key={d.id} value={d.id}>
                              {d.name}
                            </MenuItem>
                          ))}
                        </TextField>
                        <Button size="small" variant="outlined" onClick={() => void assign(n.phoneNumber)} aria-label={`Assign ${n.phoneNumber}`}>
                          Assign
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/** Administration > Telephony: the store's texting registration and account, and the enterprise's numbers. */
export function TelephonyPanel({ enterpriseId }: { enterpriseId: number }) {
  const [version, setVersion] = useState(0);
  const stores = useRemoteData(`tel-stores:${enterpriseId}:${version}`, (s) => adminApi.stores(enterpriseId, s), { keepPrevious: true });
  const [storeId, setStoreId] = useState<number | null>(null);
  const list = stores.data ?? [];
  const store = list.find((s) => s.id === storeId) ?? list[0] ?? null;
  if (stores.error) return <Alert severity="warning">{adminFailure(stores.error)}</Alert>;
  if (!store) return <Typography color="text.secondary">{stores.loading ? 'Loading…' : 'No stores yet: add one under Organisation.'}</Typography>;
  return (
    <Stack spacing={2}>
      <TextField select label="Store" value={store.id} onChange={(e) => setStoreId(Number(e.target.value))} sx={{ maxWidth: 360 }}>
        {list.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.storeName}
          </MenuItem>
        ))}
      </TextField>
      <A2pForm key={`a2p-${store.id}`} store={store} onSaved={() => setVersion((v) => v + 1)} />
      <SmsAccount key={`sms-${store.id}`} storeId={store.id} />
      <BandwidthAccount key={`bw-${store.id}`} storeId={store.id} />
      <Numbers enterpriseId={enterpriseId} stores={list} />
    </Stack>
  );
}
