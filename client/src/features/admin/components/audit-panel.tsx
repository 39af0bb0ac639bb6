import { Fragment, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure } from './failure';

const ACTION_LABELS: Record<string, string> = {
  CREATE: 'Created', UPDATE: 'Changed', BLOCK: 'Blocked', UNBLOCK: 'Unblocked', DELETE_GUEST: 'Deleted guest', MAP: 'Mapped to a BOC', ADD_LOGO: 'Added the logo', UPDATE_LOGO: 'Updated the logo',
  UPDATE_A2P: 'Changed texting registration', PURCHASE: 'Bought', ASSIGN: 'Assigned', ROLLBACK: 'Rolled back', APPROVE: 'Approved', DECLINE: 'Declined',
  RESET_PASSWORD: 'Set a password by link', CHANGE_PASSWORD: 'Changed their password', SEND_PASSWORD_RESET: 'Sent a password link',
};
const ENTITY_LABELS: Record<string, string> = { enterprise: 'Enterprise', boc: 'BOC', store: 'Store', user: 'User', telephony: 'Carrier account', phone_number: 'Phone number', assistant: 'Assistant', assistant_file: 'Assistant file', registration: 'Access request' };

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** What changed: each field whose value differs between before and after. */
function changes(e: AuditEntry): string {
  const before = e.before ?? {};
  const after = e.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (!keys.length) return '';
  return keys.map((k) => (e.before ? `${k}: ${show(before[k])} → ${show(after[k])}` : `${k}: ${show(after[k])}`)).join('; ');
}

/** Administration > Audit log: every administrative change, newest first. */
export function AuditPanel({ enterpriseId }: { enterpriseId: number }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  const audit = useRemoteData(`audit:${enterpriseId}:${page}:${size}`, (s) => adminApi.audit(enterpriseId, page, size, s), { keepPrevious: true });
  if (audit.error) return <Alert severity="warning">{adminFailure(audit.error)}</Alert>;
  return (
    <Paper variant="outlined">
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Audit log">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>What</TableCell>
              <TableCell>Changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!audit.data?.content.length ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {audit.loading ? 'Loading…' : 'No administrative changes yet.'}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              audit.data.content.map((e) => (
                <Fragment key={e.id}>
                  <TableRow>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.createdOn).toLocaleString()}</TableCell>
                    <TableCell>{e.actorName}</TableCell>
                    <TableCell>
                      {ACTION_LABELS[e.action] ?? e.action} · {ENTITY_LABELS[e.entity] ?? e.entity} {e.entityId}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 520, wordBreak: 'break-word' }}>{changes(e) || '—'}</TableCell>
                  </TableRow>
                </Fragment>
              ))
            )}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={audit.data?.total ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
