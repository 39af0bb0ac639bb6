import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { INTENT_DESCRIPTIONS, type IntentCode } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getIntentDetails } from '../api';

type Props = { interactionId: number; messageId: number; timeZone: string | null; onClose: () => void };

function IntentChips({ label, names }: { label: string; names: readonly IntentCode[] }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-label={label} role="group">
      <Typography variant="subtitle2" sx={{ minWidth: 150 }}>
        {label}
      </Typography>
      {names.length ? names.map((n) => <Chip key={n} size="small" label={n} title={INTENT_DESCRIPTIONS[n]} />) : <Typography color="text.secondary">None</Typography>}
    </Stack>
  );
}

/**
 * Show Intents (spec §2): what the assistant read in a customer message, one row per input string
 * and intent, then the 'Final Intent Names' (the primary first) and the 'Multi Intent Names'.
 */
export function ShowIntentsDialog({ interactionId, messageId, timeZone, onClose }: Props) {
  const details = useRemoteData(`intents:${interactionId}:${messageId}`, (signal) => getIntentDetails(interactionId, messageId, signal));
  const d = details.data;
  let content;
  if (details.error) content = <Alert severity="warning">The intents of this message could not be loaded.</Alert>;
  else if (!d) content = <CircularProgress size={24} aria-label="Loading intents" />;
  else if (d.intents.length === 0 && d.finalIntentNames.length === 0) content = <Typography color="text.secondary">NO records available.</Typography>;
  else {
    content = (
      <Stack spacing={2}>
        <Table size="small" aria-label="Intents">
          <TableHead>
            <TableRow>
              <TableCell>Input string</TableCell>
              <TableCell>Intent</TableCell>
              <TableCell align="right">Confidence</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.intents.map((row, i) => (
              <TableRow key={`${row.intentName}-${i}`}>
                <TableCell>{row.symLogs.inputStrListBeforePreprocessor.join(' ')}</TableCell>
                <TableCell title={INTENT_DESCRIPTIONS[row.intentName]}>{row.intentName}</TableCell>
                <TableCell align="right">{`${Math.round(row.confidence * 100)}%`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <IntentChips label="Final Intent Names" names={d.finalIntentNames} />
        <IntentChips label="Multi Intent Names" names={d.multiIntentNames} />
        {d.dateTimes.length ? (
          <Typography variant="body2">
            {'Dates and times: '}
            {d.dateTimes
              .map((t) => `“${t.text}” → ${new Date(t.start).toLocaleString('en-US', { timeZone: timeZone ?? undefined, dateStyle: 'medium', ...(t.hasTime ? { timeStyle: 'short' } : {}) })}`)
              .join('; ')}
          </Typography>
        ) : null}
        {d.staffIntent ? <Typography variant="body2">{`Chosen by staff: ${d.staffIntent} (${INTENT_DESCRIPTIONS[d.staffIntent]})`}</Typography> : null}
      </Stack>
    );
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="show-intents-title" maxWidth="md" fullWidth>
      <DialogTitle id="show-intents-title">Show Intents</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
