import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { MAILING_LIST_TEXT, formatPhoneDisplay, type MailingListDetail } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { addMailingListDetail, deleteMailingListDetail, getMailingListDetails } from '../api';
import { ConfirmActionDialog } from '../../../components/confirm-dialog';
import { mailingListFailure } from './failure';
import { useConfirmedAction } from '../../../components/use-confirmed-action';

const EMPTY = { name: '', email: '', phone: '' };

/** /mailinglist/details: one list's contacts, adding a contact by e-mail and/or mobile, removing one. */
export function MailingListDetailsPanel({ tenantId, listId, backPath }: { tenantId: number; listId: number; backPath: string }) {
  const [version, setVersion] = useState(0);
  const details = useRemoteData(`list:${tenantId}:${listId}:${version}`, (signal) => getMailingListDetails(tenantId, listId, signal), { keepPrevious: true });
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      await addMailingListDetail({
        tenantId,
        mailingListMasterId: listId,
        name: form.name.trim() || undefined,
        email: form.email.trim() || undefined,
        phone: form.phone.trim() || undefined,
      });
      notify({ severity: 'success', message: MAILING_LIST_TEXT.added });
      setForm(EMPTY);
      setVersion((v) => v + 1);
    } catch (error) {
      setProblem(mailingListFailure(error));
    } finally {
      setSaving(false);
    }
  };

  const removing = useConfirmedAction((detail: MailingListDetail) => deleteMailingListDetail(tenantId, detail.mailingListDetailsId), {
    onDone: () => setVersion((v) => v + 1),
    onError: (error) => notify({ severity: 'warning', message: mailingListFailure(error) }),
  });

  if (details.error && !details.data) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{mailingListFailure(details.error)}</Alert>
        <Button component={RouterLink} to={backPath} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
          Back
        </Button>
      </Stack>
    );
  }
  if (!details.data) return <PageSpinner label="Loading the list" />;
  const { mailingList, details: rows } = details.data;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component={RouterLink} to={backPath} startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Typography variant="h6" component="h2">
          {mailingList.code}
        </Typography>
        <Typography color="text.secondary">{mailingList.memberCount} contacts</Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={1.5} onSubmit={(e) => void add(e)}>
          <TextField label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} disabled={saving} />
          <TextField label="Email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} disabled={saving} />
          <TextField label="Mobile" type="tel" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} disabled={saving} />
          <Button type="submit" variant="contained" disabled={saving}>
            Add contact
          </Button>
        </Stack>
        {problem ? (
          <Alert severity="warning" sx={{ mt: 1.5 }} role="alert">
            {problem}
          </Alert>
        ) : null}
      </Paper>
      <Paper variant="outlined">
        <Table size="small" aria-label="Contacts">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Mobile</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {MAILING_LIST_TEXT.empty}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((d) => (
                <TableRow key={d.mailingListDetailsId} hover>
                  <TableCell>{d.name ?? '—'}</TableCell>
                  <TableCell>{d.email ?? '—'}</TableCell>
                  <TableCell>{d.phone ? formatPhoneDisplay(d.phone) : '—'}</TableCell>
                  <TableCell align="right">
                    <IconButton size="small" aria-label={`Remove ${d.name ?? d.email ?? d.phone ?? 'contact'}`} onClick={() => removing.ask(d)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Paper>
      <ConfirmActionDialog action={removing} message={MAILING_LIST_TEXT.deleteMemberConfirm} deletion />
    </Stack>
  );
}
