import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIVISIONS, EMP_LEVELS, ROLE_LABELS, canAdmin, grantableRoles, type AdminUser, type EmpLevel, type Role } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';

const LEVEL_LABELS: Record<EmpLevel, string> = { SUPER: 'Every enterprise', ENTERPRISE: 'The enterprise', BOC: 'One BOC', STORE: 'One store' };

type Draft = { username: string; firstName: string; lastName: string; email: string; roles: Role[]; empLevel: EmpLevel; bocId: number | null; storeId: number | null; divisionId: string; guest: boolean; password: string };

function UserDialog({ enterpriseId, user, myRoles, onClose }: { enterpriseId: number; user: AdminUser | null; myRoles: readonly Role[]; onClose: (saved: boolean) => void }) {
  const bocs = useRemoteData(`u-bocs:${enterpriseId}`, (s) => adminApi.bocs(enterpriseId, s));
  const stores = useRemoteData(`u-stores:${enterpriseId}`, (s) => adminApi.stores(enterpriseId, s));
  const [d, setD] = useState<Draft>({
    username: user?.username ?? '', firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '',
    roles: user?.roles ?? ['ENTERPRISE_USER'], empLevel: user?.empLevel ?? 'STORE', bocId: user?.bocId ?? null, storeId: user?.storeId ?? null,
    divisionId: user?.divisionId ?? 'DIV004', guest: user?.guest ?? false, password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const grantable = grantableRoles(myRoles);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));

  const save = async () => {
    setBusy(true);
    const scope = { empLevel: d.empLevel, enterpriseId, bocId: d.empLevel === 'BOC' ? d.bocId : null, storeId: d.empLevel === 'STORE' ? d.storeId : null, divisionId: d.divisionId };
    try {
      if (user) {
        await adminApi.updateUser(user.userMasterId, { firstName: d.firstName, lastName: d.lastName, email: d.email || null, roles: d.roles, ...scope });
        notify({ severity: 'success', message: 'Successfully Updated' });
      } else {
        const made = await adminApi.createUser({ username: d.username, firstName: d.firstName, lastName: d.lastName, email: d.email || null, roles: d.roles, guest: d.guest, password: d.password || null, ...scope });
        notify({ severity: 'success', message: made.invitationSentTo ? `Invitation sent to ${made.invitationSentTo}` : 'Successfully Updated' });
      }
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
      <DialogTitle>{user ? `Edit ${user.firstName} ${user.lastName}` : 'Invite or create a user'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {user ? null : <TextField label="Username" value={d.username} onChange={(e) => set('username', e.target.value)} error={!!errors.username} helperText={errors.username} required />}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="First name" value={d.firstName} onChange={(e) => set('firstName', e.target.value)} error={!!errors.firstName} helperText={errors.firstName} required fullWidth />
            <TextField label="Last name" value={d.lastName} onChange={(e) => set('lastName', e.target.value)} error={!!errors.lastName} helperText={errors.lastName} required fullWidth />
          </Stack>
          <TextField label="Email" type="email" value={d.email} onChange={(e) => set('email', e.target.value)} error={!!errors.email} helperText={errors.email ?? (user ? undefined : 'Without a password, the invitation goes here')} />
          <TextField
            select
            label="Roles"
            value={d.roles}
            onChange={(e) => set('roles', (typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[])) as Role[])}
            slotProps={{ select: { multiple: true, renderValue: (v) => (v as Role[]).map((r) => ROLE_LABELS[r]).join(', ') } }}
            error={!!errors.roles}
            helperText={errors.roles ?? 'The first role decides where the user lands after sign-in'}
          >
            {grantable.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Scope" value={d.empLevel} onChange={(e) => set('empLevel', e.target.value as EmpLevel)} error={!!errors.empLevel} helperText={errors.empLevel} fullWidth>
              {EMP_LEVELS.filter((l) => l !== 'SUPER' || myRoles.includes('SUPER_ADMIN')).map((l) => (
                <MenuItem key={l} value={l}>
                  {LEVEL_LABELS[l]}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Division" value={d.divisionId} onChange={(e) => set('divisionId', e.target.value)} fullWidth>
              {DIVISIONS.map((x) => (
                <MenuItem key={x.id} value={x.id}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {d.empLevel === 'BOC' ? (
            <TextField select label="BOC" value={bocs.data ? (d.bocId ?? '') : ''} onChange={(e) => set('bocId', Number(e.target.value))} error={!!errors.bocId} helperText={errors.bocId}>
              {(bocs.data ?? []).map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.bocName}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {d.empLevel === 'STORE' ? (
            <TextField select label="Store" value={stores.data ? (d.storeId ?? '') : ''} onChange={(e) => set('storeId', Number(e.target.value))} error={!!errors.storeId} helperText={errors.storeId}>
              {(stores.data ?? []).map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.storeName}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {user ? null : (
            <>
              <TextField label="Password (optional)" type="password" autoComplete="new-password" value={d.password} onChange={(e) => set('password', e.target.value)} error={!!errors.password} helperText={errors.password ?? 'Leave empty to email an invitation link instead'} />
              <FormControlLabel control={<Checkbox checked={d.guest} onChange={(e) => set('guest', e.target.checked)} />} label="Guest (can be deleted later)" />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {user ? 'Save user' : 'Create user'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Registrations({ enterpriseId, canManage }: { enterpriseId: number; canManage: boolean }) {
  const [version, setVersion] = useState(0);
  const list = useRemoteData(`regs:${enterpriseId}:${version}`, (s) => adminApi.registrations(enterpriseId, s), { keepPrevious: true });
  const pending = (list.data ?? []).filter((r) => r.status === 'PENDING');
  const decide = async (id: number, approve: boolean) => {
    try {
      if (approve) {
        const made = await adminApi.approve(id, ['OFFICE_USER']);
        notify({ severity: 'success', message: made.invitationSentTo ? `Approved: invitation sent to ${made.invitationSentTo}` : 'Successfully Updated' });
      } else {
        await adminApi.decline(id);
        notify({ severity: 'success', message: 'Successfully Updated' });
      }
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  if (!pending.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Access requests
      </Typography>
      <Stack spacing={1}>
        {pending.map((r) => (
          <Stack key={r.id} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {r.firstName} {r.lastName} ({r.username})
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {r.email} · {r.storeName}
                {r.note ? ` · “${r.note}”` : ''}
              </Typography>
            </Box>
            {canManage ? (
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="contained" onClick={() => void decide(r.id, true)}>
                  Approve
                </Button>
                <Button size="small" onClick={() => void decide(r.id, false)}>
                  Decline
                </Button>
              </Stack>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** Administration > Users: list, invite or create, edit, block and unblock, delete guests, reset passwords. */
export function UsersPanel({ enterpriseId, myRoles, myUserId }: { enterpriseId: number; myRoles: readonly Role[]; myUserId: number }) {
  const [version, setVersion] = useState(0);
  const users = useRemoteData(`users:${enterpriseId}:${version}`, (s) => adminApi.users(enterpriseId, s), { keepPrevious: true });
  const stores = useRemoteData(`users-stores:${enterpriseId}`, (s) => adminApi.stores(enterpriseId, s));
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [filter, setFilter] = useState('');
  const canManage = canAdmin(myRoles, 'USERS_MANAGE');
  const storeName = (id: number | null) => stores.data?.find((s) => s.id === id)?.storeName ?? '';
  const act = async (label: string, run: () => Promise<unknown>) => {
    try {
      const r = await run();
      const sentTo = (r as { sentTo?: string | null } | undefined)?.sentTo;
      notify({ severity: 'success', message: sentTo ? `${label}: link sent to ${sentTo}` : label });
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  const shown = (users.data ?? []).filter((u) => `${u.firstName} ${u.lastName} ${u.username} ${u.email ?? ''}`.toLowerCase().includes(filter.toLowerCase()));

  return (
    <Stack spacing={2}>
      <Registrations enterpriseId={enterpriseId} canManage={canManage} />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Users
          </Typography>
          <TextField size="small" label="Search users" value={filter} onChange={(e) => setFilter(e.target.value)} />
          {canManage ? (
            <Button variant="contained" onClick={() => setEditing('new')}>
              Add user
            </Button>
          ) : null}
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Roles</TableCell>
                <TableCell>Scope</TableCell>
                <TableCell>Status</TableCell>
                {canManage ? <TableCell align="right">Actions</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {users.error ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Alert severity="warning">{adminFailure(users.error)}</Alert>
                  </TableCell>
                </TableRow>
              ) : !shown.length ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      {users.loading ? 'Loading…' : 'No users.'}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                shown.map((u) => (
                  <TableRow key={u.userMasterId} hover>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {u.firstName} {u.lastName}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {u.username}
                        {u.email ? ` · ${u.email}` : ''}
                      </Typography>
                    </TableCell>
                    <TableCell>{u.roles.map((r) => ROLE_LABELS[r]).join(', ')}</TableCell>
                    <TableCell>{u.empLevel === 'STORE' ? storeName(u.storeId) : LEVEL_LABELS[u.empLevel]}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5}>
                        {u.blocked ? <Chip size="small" color="error" label="Blocked" /> : <Chip size="small" color="success" variant="outlined" label="Active" />}
                        {u.guest ? <Chip size="small" label="Guest" /> : null}
                      </Stack>
                    </TableCell>
                    {canManage ? (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" onClick={() => setEditing(u)} aria-label={`Edit ${u.username}`}>
                          Edit
                        </Button>
                        {u.userMasterId === myUserId ? null : (
                          <Button size="small" color={u.blocked ? 'primary' : 'error'} onClick={() => void act(u.blocked ? 'Unblocked' : 'Blocked: their sessions ended', () => adminApi.block(u.userMasterId, !u.blocked))} aria-label={`${u.blocked ? 'Unblock' : 'Block'} ${u.username}`}>
                            {u.blocked ? 'Unblock' : 'Block'}
                          </Button>
                        )}
                        <Button size="small" onClick={() => void act('Password reset', () => adminApi.resetPassword(u.userMasterId))} disabled={!u.email} aria-label={`Reset the password of ${u.username}`}>
                          Reset password
                        </Button>
                        {u.guest ? (
                          <Button size="small" color="error" onClick={() => void act('Successfully Deleted', () => adminApi.deleteGuest(u.userMasterId))} aria-label={`Delete guest ${u.username}`}>
                            Delete
                          </Button>
                        ) : null}
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
        <UserDialog
          enterpriseId={enterpriseId}
          user={editing === 'new' ? null : editing}
          myRoles={myRoles}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </Stack>
  );
}
