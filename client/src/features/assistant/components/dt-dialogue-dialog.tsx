import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DtDialogueForm } from './dt-dialogue-form';
import { useDtDialogue } from './use-dt-dialogue';

type Props = { interactionId: number; messageText: string; manualBooking: boolean; onClose: () => void; onChanged: () => void };

/** A customer message's DT option: the Date Time Dialogue answering that message. */
export function DtDialogueDialog({ interactionId, messageText, manualBooking, onClose, onChanged }: Props) {
  const dt = useDtDialogue(interactionId, () => {
    onChanged();
    onClose();
  });
  return (
    <Dialog open onClose={dt.busy ? undefined : onClose} aria-labelledby="dt-dialogue-title" maxWidth="xs" fullWidth>
      <DialogTitle id="dt-dialogue-title">Send Date Time Dialogue</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <DtDialogueForm initialMessage={messageText} initialLogMode={manualBooking} busy={dt.busy} onSend={(choice) => void dt.send(choice)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={dt.busy}>
          Cancel
        </Button>
      </DialogActions>
      {dt.confirm}
    </Dialog>
  );
}
