import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { MAILING_LIST_CODE_PREFIX, MAILING_LIST_TEXT, hasListName, hasListPrefix, type MailingList } from '@drivebay/shared';
import { formatInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { createMailingList, deleteMailingList, getMailingLists } from '../api';
import { ConfirmActionDialog } from '../../../components/confirm-dialog';
import { mailingListFailure } from './failure';
import { useConfirmedAction } from '../../../components/use-confirmed-action';

/** /mailinglist: a store's lists, a new list (code LIST-…), and deleting one after a confirmation. */
export function MailingListsPanel({ tenantId, detailsPath, timeZone }: { tenantId: number; detailsPath: string; timeZone: string }) {
  const [version, setVersion] = useState(0);
  const lists = useRemoteData(`lists:${tenantId}:${version}`, (signal) => getMailingLists(tenantId, signal), { keepPrevious: true });
  const [code, setCode] = useState(MAILING_LIST_CODE_PREFIX);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    // The form starts with the bare prefix: a press of Create before typing a name is told so here.
    if (hasListPrefix(code) && !hasListName(code)) {
      setProblem(MAILING_LIST_TEXT.codeNameRequired);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const list = await createMailingList(code.trim(), tenantId);
      notify({ severity: 'success', message: `${MAILING_LIST_TEXT.added}: ${list.code}` });
      setCode(MAILING_LIST_CODE_PREFIX);
      setVersion((v) => v + 1);
    } catch (error) {
      setProblem(mailingListFailure(error));
    } finally {
      setSaving(false);
    }
  };

  const deleting = useConfirmedAction((list: MailingList) => deleteMailingList(tenantId, list.mailingListMasterId), {
    onDone: () => setVersion((v) => v + 1),
    onError: (error) => notify({ severity: 'warning', message: mailingListFailure(error) }),
  });

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={(e) => void create(e)} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="List code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            helperText={`Codes start with ${MAILING_LIST_CODE_PREFIX}`}
            error={!!problem}
            disabled={saving}
            sx={{ minWidth: 280 }}
          />
          <Button type="submit" variant="contained" disabled={saving}>
            Create list
          </Button>
        </Stack>
        {problem ? (
          <Alert severity="warning" sx={{ mt: 1.5 }} role="alert">
            {problem}
          </Alert>
        ) : null}
      </Paper>
      <Paper variant="outlined">
        <Table size="small" aria-label="Mailing lists">
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell align="right">Contacts</TableCell>
              <TableCell>Created</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lists.error ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Alert severity="warning">{mailingListFailure(lists.error)}</Alert>
                </TableCell>
              </TableRow>
            ) : !lists.data || lists.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {lists.loading ? 'Loading…' : MAILING_LIST_TEXT.empty}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              lists.data.map((list) => (
                <TableRow key={list.mailingListMasterId} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`${detailsPath}?mailingListMasterId=${list.mailingListMasterId}`}>
                      {list.code}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{list.memberCount}</TableCell>
                  <TableCell>
                    {formatInTimeZone(list.createdOn, timeZone, 'MM/DD/YYYY')}
                    {list.createdBy ? ` · ${list.createdBy}` : ''}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton size="small" aria-label={`Delete ${list.code}`} onClick={() => deleting.ask(list)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Paper>
      <ConfirmActionDialog action={deleting} message={MAILING_LIST_TEXT.deleteListConfirm} deletion />
    </Stack>
  );
}
