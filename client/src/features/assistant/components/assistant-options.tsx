import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { INBOUND_APPOINTMENT_PARAMETERS, type InboundAppointmentParameter } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { applyInboundAppointment, gmHandoff, manualHandoff, type ControlResult } from '../api';
import { DtDialogueForm } from './dt-dialogue-form';
import { useDtDialogue } from './use-dt-dialogue';

/** How the inbound-appointment workflow's parameters read in the picker. */
export const WORKFLOW_LABELS: Record<InboundAppointmentParameter, string> = {
  DETECTED_AUTO: 'Appointment wish detected: ask for a day and time',
  CUSTOMER_SAY_NO: 'Customer said no: ask for another time',
  CUSTOMER_SAY_NO_AND_DETECTED_AUTO: 'Customer said no (detected): ask for another time',
  CUSTOMER_SAY_YES: 'Customer said yes: hand the booking to a person',
  CUSTOMER_SAY_YES_AND_DETECTED_AUTO: 'Customer said yes (detected): ask for a day and time',
  CUSTOMER_SAY_YES_AND_DETECTED_AUTO_AND_DETECTED_SVC: 'Customer said yes, service detected: ask for a day and time',
  SERVICE_AND_MILEAGE_DETECTED: 'Service and mileage detected: ask for a day and time',
  SERVICE_DETECTED: 'Service detected: ask for a day and time',
  DT_DETECTED: 'Day and time detected: offer that time',
};

export type AssistantOptionsProps = {
  interactionId: number;
  dtDialogEnabled: boolean;
  manualBooking: boolean;
  /** The customer's latest message, shown as the dialogue's default Last Message. */
  latestCustomerText?: string | null;
  /** Something changed on the server: the record and the thread are fetched again. */
  onChanged: () => void;
  /**
   * The last text to the customer failed (a wrong or dead number): the Date Time Dialogue, itself
   * a text, is not offered until a text gets through. Turning it off stays possible.
   */
  lastTextFailed?: boolean;
};

type Running = 'GM' | 'MANUAL' | 'WORKFLOW' | null;

/**
 * The conversation's assistant options (spec §2 deal-room options): GM Handoff, Manual Handoff,
 * the Send Date Time Dialogue popover, the DT button (green when off, red when on) and the DT
 * Enable switch, and the inbound-appointment workflow. Placed in an options popover by the
 * conversation and the deal room, for users allowed them.
 */
export function AssistantOptions({ interactionId, dtDialogEnabled, manualBooking, latestCustomerText, onChanged, lastTextFailed = false }: AssistantOptionsProps) {
  const [running, setRunning] = useState<Running>(null);
  const [dtAnchor, setDtAnchor] = useState<HTMLElement | null>(null);
  const [parameter, setParameter] = useState<InboundAppointmentParameter | ''>('');
  // A dialogue sent (forced after the confirm, too) or disabled closes the form.
  const dtChanged = useCallback(() => {
    setDtAnchor(null);
    onChanged();
  }, [onChanged]);
  const dt = useDtDialogue(interactionId, dtChanged);
  const busy = running !== null || dt.busy;

  const act = async (kind: Exclude<Running, null>, call: () => Promise<ControlResult>) => {
    setRunning(kind);
    try {
      const result = await call();
      notify({ severity: 'success', message: result.message });
      onChanged();
      return true;
    } catch {
      // The API client has shown the server's answer.
      return false;
    } finally {
      setRunning(null);
    }
  };

  const toggleDt = () => void (dtDialogEnabled ? dt.disable() : dt.send({ manualBooking }));

  const runWorkflow = async () => {
    if (!parameter) {
      notify({ severity: 'warning', message: 'Please select a workflow step' });
      return;
    }
    if (await act('WORKFLOW', () => applyInboundAppointment(interactionId, parameter))) setParameter('');
  };

  const spinner = <CircularProgress size={14} color="inherit" />;

  return (
    <Stack spacing={1.5} data-testid="assistant-options">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" color="warning" disabled={busy} onClick={() => void act('GM', () => gmHandoff(interactionId))} startIcon={running === 'GM' ? spinner : undefined}>
          GM Handoff
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => void act('MANUAL', () => manualHandoff(interactionId))} startIcon={running === 'MANUAL' ? spinner : undefined}>
          Manual Handoff
        </Button>
      </Stack>
      <Divider />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={busy || lastTextFailed} onClick={(e) => setDtAnchor(e.currentTarget)} aria-haspopup="dialog">
          Send Date Time Dialogue
        </Button>
        <Tooltip title={dtDialogEnabled ? 'The Date Time Dialogue is on: disable it' : 'The Date Time Dialogue is off: send it'}>
          <span>
            <Button
              variant="contained"
              color={dtDialogEnabled ? 'error' : 'success'}
              disabled={busy || (lastTextFailed && !dtDialogEnabled)}
              onClick={toggleDt}
              aria-pressed={dtDialogEnabled}
              data-dt-enabled={dtDialogEnabled ? 'true' : 'false'}
            >
              DT
            </Button>
          </span>
        </Tooltip>
        <FormControlLabel control={<Switch checked={dtDialogEnabled} disabled={busy || (lastTextFailed && !dtDialogEnabled)} onChange={toggleDt} />} label="DT Enable" />
      </Stack>
      {lastTextFailed ? (
        <Typography variant="body2" color="warning.dark" data-testid="dt-blocked">
          The last text to this customer failed, so the Date Time Dialogue is not offered. Check the number first.
        </Typography>
      ) : null}
      <Divider />
      <Typography variant="subtitle2">Inbound appointment workflow</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 220, flex: 1 }}>
          <InputLabel id={`workflow-${interactionId}`}>Workflow step</InputLabel>
          <Select
            labelId={`workflow-${interactionId}`}
            label="Workflow step"
            value={parameter}
            onChange={(e) => setParameter(e.target.value as InboundAppointmentParameter)}
            disabled={busy}
            renderValue={(v) => (v ? WORKFLOW_LABELS[v as InboundAppointmentParameter] : '')}
          >
            {INBOUND_APPOINTMENT_PARAMETERS.map((p) => (
              <MenuItem key={p} value={p}>
                <ListItemText primary={WORKFLOW_LABELS[p]} secondary={p} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button onClick={() => void runWorkflow()} disabled={busy} startIcon={running === 'WORKFLOW' ? spinner : undefined}>
          Apply
        </Button>
      </Stack>
      <Popover
        open={dtAnchor !== null}
        anchorEl={dtAnchor}
        onClose={() => setDtAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      >
        <Stack sx={{ p: 2, width: 360, maxWidth: '90vw' }} spacing={1} role="dialog" aria-label="Send Date Time Dialogue">
          <Typography variant="subtitle1">Send Date Time Dialogue</Typography>
          <DtDialogueForm
            latestCustomerText={latestCustomerText}
            initialLogMode={manualBooking}
            busy={dt.busy}
            onSend={(choice) => void dt.send(choice)}
          />
        </Stack>
      </Popover>
      {dt.confirm}
    </Stack>
  );
}
