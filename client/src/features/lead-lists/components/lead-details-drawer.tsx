import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import {
  FOLLOW_UP_CODES,
  FOLLOW_UP_PLANS,
  LEAD_STAGE_LABELS,
  LEAD_TRACKS,
  LEAD_TRACK_LABELS,
  USER_FOLLOWUPS,
  USER_FOLLOWUP_VALUES,
  leadReasonLabel,
  reasonsFor,
  serviceTypeLabel,
  type FollowUpCode,
  type LeadListRow,
  type LeadStage,
  type LeadTrack,
  type UserFollowup,
} from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { formatInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { clearContactLater, getFollowUps, getPipeline, planFollowUp, postLeadTrack, setContactLater, setFlag, setSmsBlock, setStage, setUserFollowup, type LeadFlag } from '../api';

const UPDATED = 'Successfully Updated';

type Props = { lead: LeadListRow; onClose: () => void; onOpen: () => void; onChanged: () => void };

/** A lead's details from a list: its pipeline stage with history, its flags, follow-ups and contact-later day. */
export function LeadDetailsDrawer({ lead, onClose, onOpen, onChanged }: Props) {
  const [flags, setFlags] = useState({ aiEnabled: lead.aiEnabled, appointmentSet: lead.appointmentSet, convClosed: lead.convClosed, responseReqd: lead.responseReqd, blockSms: lead.blockSms });
  const [version, setVersion] = useState(0);
  const pipeline = useRemoteData(`pipeline:${lead.id}:${version}`, (signal) => getPipeline(lead.id, signal), { keepPrevious: true });
  const followUps = useRemoteData(`followups:${lead.id}:${version}`, (signal) => getFollowUps(lead.id, signal), { keepPrevious: true });
  const [stage, setStageChoice] = useState<LeadStage | ''>('');
  const [reason, setReason] = useState('');
  const [userFollowup, setUserFollowupChoice] = useState<UserFollowup | ''>(lead.userFollowup ?? '');
  const [code, setCode] = useState<FollowUpCode>('FU1');
  const [track, setTrack] = useState<LeadTrack>('FOLLOW_UP_EMAIL');
  const [contactDay, setContactDay] = useState(lead.contactLaterOn ?? '');
  const [busy, setBusy] = useState(false);
  const name = [lead.customerMaster.firstName, lead.customerMaster.lastName].filter(Boolean).join(' ') || lead.customerMaster.custno;

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      notify({ severity: 'success', message: UPDATED });
      setVersion((v) => v + 1);
      onChanged();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const toggle = (flag: LeadFlag | 'blockSms', value: boolean) =>
    act(async () => {
      if (flag === 'blockSms') await setSmsBlock(lead.customerMaster.id, value);
      else await setFlag(lead.id, flag, value);
      setFlags((f) => ({ ...f, [flag]: value }));
    });

  const reasons = stage ? reasonsFor(stage) : [];
  const p = pipeline.data;

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}>
      <Stack spacing={2} sx={{ p: 2.5 }} role="region" aria-label={`Lead ${name}`}>
        <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2">{name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[lead.serviceVehicle ? `${lead.serviceVehicle.year} ${lead.serviceVehicle.make} ${lead.serviceVehicle.model}` : null, serviceTypeLabel(lead.serviceType), lead.storeName].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <IconButton aria-label="Close lead details" onClick={onClose}><CloseIcon /></IconButton>
        </Stack>
        <Button variant="contained" onClick={onOpen}>Open conversation</Button>

        <Divider />
        <Typography variant="subtitle1" component="h3">Pipeline</Typography>
        {!p ? <PageSpinner label="Loading pipeline" /> : (
          <>
            <Typography variant="body2" aria-label="Current stage">
              {p.stage ? `${LEAD_STAGE_LABELS[p.stage]}${p.reason ? ` · ${leadReasonLabel(p.reason)}` : ''}` : 'No stage yet'}
            </Typography>
            {p.nextStages.length === 0 ? <Alert severity="info">This lead has its outcome; its stage is final.</Alert> : (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <FormControl size="small" sx={{ minWidth: 170, flex: 1 }}>
                  <InputLabel id="lead-stage-label">Stage</InputLabel>
                  <Select labelId="lead-stage-label" label="Stage" value={stage} onChange={(e) => { setStageChoice(e.target.value as LeadStage); setReason(''); }}>
                    {p.nextStages.map((s) => <MenuItem key={s} value={s}>{LEAD_STAGE_LABELS[s]}</MenuItem>)}
                  </Select>
                </FormControl>
                <FormControl size="small" sx={{ minWidth: 170, flex: 1 }} disabled={!stage || reasons.length === 0}>
                  <InputLabel id="lead-reason-label">Reason</InputLabel>
                  <Select labelId="lead-reason-label" label="Reason" value={reason} onChange={(e) => setReason(e.target.value)}>
                    {reasons.map((r) => <MenuItem key={r} value={r}>{leadReasonLabel(r)}</MenuItem>)}
                  </Select>
                </FormControl>
                <Button
                  variant="outlined"
                  disabled={busy || !stage || (reasons.length > 0 && !reason)}
                  onClick={() => act(async () => {
                    await setStage(lead.id, stage as LeadStage, reason || null);
                    setStageChoice('');
                    setReason('');
                  })}
                >
                  Set stage
                </Button>
              </Stack>
            )}
            <List dense aria-label="Stage history" sx={{ maxHeight: 180, overflow: 'auto' }}>
              {p.history.length === 0 ? <ListItem><ListItemText secondary="No changes yet" /></ListItem> : null}
              {p.history.map((h) => (
                <ListItem key={h.id} disableGutters>
                  <ListItemText
                    primary={`${h.fromStage ? LEAD_STAGE_LABELS[h.fromStage] : 'Start'} → ${LEAD_STAGE_LABELS[h.toStage]}${h.reason ? ` (${leadReasonLabel(h.reason)})` : ''}`}
                    secondary={`${h.changedBy ?? 'Automatic'} · ${formatInTimeZone(h.changedOn, null)}`}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}

        <Divider />
        <Typography variant="subtitle1" component="h3">Flags</Typography>
        <Stack>
          {([
            ['aiEnabled', 'AI assistant on'],
            ['appointmentSet', 'Appointment set'],
            ['responseReqd', 'Response required'],
            ['convClosed', 'Conversation closed'],
            ['blockSms', 'Texts blocked (SMS block)'],
          ] as const).map(([flag, text]) => (
            <FormControlLabel key={flag} control={<Switch checked={flags[flag]} disabled={busy} onChange={(e) => toggle(flag, e.target.checked)} />} label={text} />
          ))}
        </Stack>

        <Divider />
        <Typography variant="subtitle1" component="h3">Follow-up</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 200, flex: 1 }}>
            <InputLabel id="user-followup-label">Follow up</InputLabel>
            <Select labelId="user-followup-label" label="Follow up" value={userFollowup} onChange={(e) => setUserFollowupChoice(e.target.value as UserFollowup | '')}>
              <MenuItem value="">No follow-up</MenuItem>
              {USER_FOLLOWUP_VALUES.map((v) => <MenuItem key={v} value={v}>{USER_FOLLOWUPS[v]}</MenuItem>)}
            </Select>
          </FormControl>
          <Button variant="outlined" disabled={busy} onClick={() => act(() => setUserFollowup(lead.id, userFollowup || null))}>Save</Button>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 200, flex: 1 }}>
            <InputLabel id="followup-code-label">Planned follow-up</InputLabel>
            <Select labelId="followup-code-label" label="Planned follow-up" value={code} onChange={(e) => setCode(e.target.value as FollowUpCode)}>
              {FOLLOW_UP_CODES.map((c) => <MenuItem key={c} value={c}>{`${c} · ${FOLLOW_UP_PLANS[c].label}`}</MenuItem>)}
            </Select>
          </FormControl>
          <Button variant="outlined" disabled={busy} onClick={() => act(() => planFollowUp(lead.id, code))}>Plan</Button>
        </Stack>
        <List dense aria-label="Follow-ups">
          {(followUps.data ?? []).map((f) => (
            <ListItem key={f.id} disableGutters>
              <ListItemText primary={`${f.followupType} · ${f.status.toLowerCase()}`} secondary={`Due ${formatInTimeZone(f.dueOn, null)}${f.outcome ? ` · ${f.outcome}` : ''}`} />
            </ListItem>
          ))}
        </List>

        <Divider />
        <Typography variant="subtitle1" component="h3">Workflow track</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 200, flex: 1 }}>
            <InputLabel id="lead-track-label">Track</InputLabel>
            <Select labelId="lead-track-label" label="Track" value={track} onChange={(e) => setTrack(e.target.value as LeadTrack)}>
              {LEAD_TRACKS.map((t) => <MenuItem key={t} value={t}>{LEAD_TRACK_LABELS[t]}</MenuItem>)}
            </Select>
          </FormControl>
          <Button variant="outlined" disabled={busy} onClick={() => act(() => postLeadTrack(lead.id, track))}>Post track</Button>
        </Stack>

        <Divider />
        <Typography variant="subtitle1" component="h3">Contact later</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField size="small" type="date" label="Contact on" value={contactDay} onChange={(e) => setContactDay(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 170 }} />
          <Button variant="outlined" disabled={busy || !contactDay} onClick={() => act(() => setContactLater(lead.id, contactDay))}>Set</Button>
          <Button disabled={busy || !lead.contactLaterOn} onClick={() => act(async () => { await clearContactLater(lead.id); setContactDay(''); })}>Clear</Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}
