import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIVISIONS, canAdmin, type AdminAssistant, type AssistantFile, type ExecuteResult, type Role } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { adminFailure, fieldErrors } from './failure';

function AssistantEditor({ storeId, divisionId, assistant, onSaved }: { storeId: number; divisionId: string; assistant: AdminAssistant | null; onSaved: () => void }) {
  const [f, setF] = useState({
    agentFirstName: assistant?.agentFirstName ?? '', agentLastName: assistant?.agentLastName ?? '', agentEmail: assistant?.agentEmail ?? '',
    agentPhoneNumber: assistant?.agentPhoneNumber ?? '', initializerProcessEnabled: assistant?.initializerProcessEnabled ?? true, isFullyAiva: assistant?.isFullyAiva ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      await adminApi.saveAssistant(assistant?.id ?? null, { storeId, divisionId, ...f, agentEmail: f.agentEmail || null, agentPhoneNumber: f.agentPhoneNumber || null });
      setErrors({});
      notify({ severity: 'success', message: 'Successfully Updated' });
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField size="small" label="First name" value={f.agentFirstName} onChange={(e) => setF({ ...f, agentFirstName: e.target.value })} error={!!errors.agentFirstName} helperText={errors.agentFirstName} />
        <TextField size="small" label="Last name" value={f.agentLastName} onChange={(e) => setF({ ...f, agentLastName: e.target.value })} error={!!errors.agentLastName} helperText={errors.agentLastName} />
        <TextField size="small" label="Email" value={f.agentEmail} onChange={(e) => setF({ ...f, agentEmail: e.target.value })} error={!!errors.agentEmail} helperText={errors.agentEmail} />
        <TextField size="small" label="Texting number" value={f.agentPhoneNumber} onChange={(e) => setF({ ...f, agentPhoneNumber: e.target.value })} error={!!errors.agentPhoneNumber} helperText={errors.agentPhoneNumber} />
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <FormControlLabel control={<Checkbox checked={f.initializerProcessEnabled} onChange={(e) => setF({ ...f, initializerProcessEnabled: e.target.checked })} />} label="Sends the division’s texts" />
        <FormControlLabel control={<Checkbox checked={f.isFullyAiva} onChange={(e) => setF({ ...f, isFullyAiva: e.target.checked })} />} label="Fully run by the assistant" />
        <Button variant="outlined" onClick={() => void save()}>
          {assistant ? 'Save assistant' : 'Add assistant'}
        </Button>
      </Stack>
    </Stack>
  );
}

function FileEditor({ storeId, divisionId, file, onSaved }: { storeId: number; divisionId: string; file: AssistantFile; onSaved: () => void }) {
  const [content, setContent] = useState(file.fileContent);
  const [check, setCheck] = useState<{ valid: boolean; errors: { field: string; message: string }[] } | null>(null);
  const [interactionId, setInteractionId] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [versionsKey, setVersionsKey] = useState(0);
  const versions = useRemoteData(`versions:${storeId}:${divisionId}:${file.fileName}:${versionsKey}`, (s) => adminApi.versions(storeId, divisionId, file.fileName, s));
  const run = async (what: () => Promise<void>) => {
    try {
      await what();
    } catch (error) {
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  return (
    <Stack spacing={1.5}>
      <TextField label={file.fileName} value={content} onChange={(e) => setContent(e.target.value)} multiline minRows={file.kind === 'aiva' ? 10 : 4} slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <Button variant="outlined" onClick={() => void run(async () => setCheck(await adminApi.validate(file.fileName, content)))}>
          Validate
        </Button>
        <Button
          variant="contained"
          onClick={() =>
            void run(async () => {
              await adminApi.saveFile({ storeId, divisionId, fileName: file.fileName, fileContent: content });
              notify({ severity: 'success', message: 'Successfully Updated' });
              setCheck(null);
              setVersionsKey((v) => v + 1);
              onSaved();
            })
          }
        >
          Save
        </Button>
        {file.kind === 'tpl' ? (
          <>
            <TextField size="small" label="Interaction id" value={interactionId} onChange={(e) => setInteractionId(e.target.value.replace(/\D/g, ''))} sx={{ width: 150 }} />
            <Button variant="outlined" disabled={!interactionId} onClick={() => void run(async () => setPreview((await adminApi.preview(Number(interactionId), content)).text))}>
              Preview
            </Button>
          </>
        ) : null}
      </Stack>
      {check ? (
        <Alert severity={check.valid ? 'success' : 'warning'}>{check.valid ? 'The file is valid.' : check.errors.map((e) => `${e.field}: ${e.message}`).join(' · ')}</Alert>
      ) : null}
      {preview !== null ? (
        <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }} aria-label="Preview">
          <Typography variant="body2">{preview}</Typography>
        </Paper>
      ) : null}
      <Typography variant="subtitle2">Versions</Typography>
      {!versions.data?.length ? (
        <Typography variant="body2" color="text.secondary">{versions.loading ? 'Loading…' : 'Never changed here: the product’s default is in use.'}</Typography>
      ) : (
        <Stack spacing={0.5} aria-label="Versions">
          {versions.data.map((v) => (
            <Stack key={v.version} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                Version {v.version}
                {v.restoredFrom ? ` (restored from ${v.restoredFrom})` : ''} · {v.createdBy ?? 'unknown'} · {new Date(v.createdOn).toLocaleString()}
              </Typography>
              <Button
                size="small"
                onClick={() =>
                  void run(async () => {
                    const r = await adminApi.rollback({ storeId, divisionId, fileName: file.fileName, version: v.version });
                    setContent(r.fileContent);
                    notify({ severity: 'success', message: `Rolled back to version ${v.version}` });
                    setVersionsKey((k) => k + 1);
                    onSaved();
                  })
                }
              >
                Roll back
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Execute({ storeId, divisionId }: { storeId: number; divisionId: string }) {
  const [message, setMessage] = useState('');
  const [interactionId, setInteractionId] = useState('');
  const [key, setKey] = useState(0);
  const log = useRemoteData(`devlog:${storeId}:${divisionId}:${key}`, (s) => adminApi.log(storeId, divisionId, s), { keepPrevious: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const execute = async () => {
    try {
      await adminApi.execute({ storeId, divisionId, message, futureServiceInteractionId: interactionId ? Number(interactionId) : null });
      setErrors({});
      setKey((k) => k + 1);
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({ severity: 'warning', message: adminFailure(error) });
    }
  };
  const line = (r: ExecuteResult) => `${r.source === 'CONVERSATION' ? 'Customer · ' : ''}${r.finalIntentNames.join(', ') || '—'}${r.ruleIntent ? ` (rule: ${r.ruleIntent})` : ''} → ${r.step}${r.reply ? ` · “${r.reply}”` : ''}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Try a message
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Runs the intent rules, the reading and, with an interaction, the assistant’s decision and reply. Nothing is sent.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField label="Customer message" value={message} onChange={(e) => setMessage(e.target.value)} error={!!errors.message} helperText={errors.message} fullWidth />
        <TextField label="Interaction id (optional)" value={interactionId} onChange={(e) => setInteractionId(e.target.value.replace(/\D/g, ''))} error={!!errors.futureServiceInteractionId} helperText={errors.futureServiceInteractionId} />
        <Button variant="contained" onClick={() => void execute()} disabled={!message.trim()} sx={{ alignSelf: { md: 'flex-start' }, mt: { md: 1 } }}>
          Execute
        </Button>
      </Stack>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Log
      </Typography>
      {!log.data?.length ? (
        <Typography variant="body2" color="text.secondary">{log.loading ? 'Loading…' : 'No runs yet.'}</Typography>
      ) : (
        <List dense component="div" aria-label="Recent decisions">
          {log.data.map((r) => (
            <ListItemButton key={r.id} disableRipple sx={{ cursor: 'default' }}>
              <ListItemText primary={r.input} secondary={line(r)} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** Administration > Assistant: the assistant per store and division, and its files. */
export function AssistantPanel({ enterpriseId, roles }: { enterpriseId: number; roles: readonly Role[] }) {
  const stores = useRemoteData(`as-stores:${enterpriseId}`, (s) => adminApi.stores(enterpriseId, s));
  const [picked, setPicked] = useState<number | null>(null);
  const [divisionId, setDivisionId] = useState('DIV004');
  const storeId = picked ?? stores.data?.[0]?.id ?? null;
  const [version, setVersion] = useState(0);
  const assistants = useRemoteData(storeId ? `assistants:${storeId}:${version}` : null, (s) => adminApi.assistants(storeId!, s));
  const canDevelop = canAdmin(roles, 'ASSISTANT_DEVELOP');
  const tpl = useRemoteData(storeId && canDevelop ? `tpl:${storeId}:${divisionId}:${version}` : null, (s) => adminApi.files('tpl', storeId!, divisionId, s), { keepPrevious: true });
  const aiva = useRemoteData(storeId && canDevelop ? `aiva:${storeId}:${divisionId}:${version}` : null, (s) => adminApi.files('aiva', storeId!, divisionId, s), { keepPrevious: true });
  const [fileName, setFileName] = useState<string | null>(null);
  const files = [...(aiva.data ?? []), ...(tpl.data ?? [])];
  const file = files.find((f) => f.fileName === fileName) ?? files[0] ?? null;
  const ofDivision = (assistants.data ?? []).filter((a) => a.divisionId === divisionId);

  if (stores.error) return <Alert severity="warning">{adminFailure(stores.error)}</Alert>;
  if (!storeId) return <Typography color="text.secondary">{stores.loading ? 'Loading…' : 'No stores yet.'}</Typography>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField select label="Store" value={storeId} onChange={(e) => setPicked(Number(e.target.value))} sx={{ minWidth: 260 }}>
          {(stores.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.storeName}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Division" value={divisionId} onChange={(e) => setDivisionId(e.target.value)} sx={{ minWidth: 220 }}>
          {DIVISIONS.map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Assistants
        </Typography>
        <Stack spacing={2.5}>
          {assistants.loading && !assistants.data ? <Typography color="text.secondary">Loading…</Typography> : null}
          {assistants.error ? <Alert severity="warning">{adminFailure(assistants.error)}</Alert> : null}
          {ofDivision.map((a) => (
            <AssistantEditor key={`${a.id}:${version}`} storeId={storeId} divisionId={divisionId} assistant={a} onSaved={() => setVersion((v) => v + 1)} />
          ))}
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              New assistant
            </Typography>
            <AssistantEditor key={`new:${storeId}:${divisionId}:${version}`} storeId={storeId} divisionId={divisionId} assistant={null} onSaved={() => setVersion((v) => v + 1)} />
          </Box>
        </Stack>
      </Paper>
      {canDevelop ? (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Files
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <List dense component="nav" aria-label="Assistant files" sx={{ minWidth: 220, maxHeight: 480, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
                {files.map((f) => (
                  <ListItemButton key={f.fileName} selected={f.fileName === file?.fileName} onClick={() => setFileName(f.fileName)}>
                    <ListItemText primary={f.fileName} secondary={f.version ? `Version ${f.version}` : 'Default'} />
                  </ListItemButton>
                ))}
              </List>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {file ? <FileEditor key={`${storeId}:${divisionId}:${file.fileName}:${file.version}`} storeId={storeId} divisionId={divisionId} file={file} onSaved={() => setVersion((v) => v + 1)} /> : <Typography color="text.secondary">Loading…</Typography>}
              </Box>
            </Stack>
          </Paper>
          <Execute storeId={storeId} divisionId={divisionId} />
        </>
      ) : null}
    </Stack>
  );
}
