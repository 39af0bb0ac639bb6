import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';

type ConfirmDialogProps = {
  open: boolean;
  header: string;
  message: string;
  confirmText: string;
  cancelText?: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The generic confirm dialog (spec §2): header, question icon, message, two buttons disabled while loading. */
export function ConfirmDialog({ open, header, message, confirmText, cancelText = 'Cancel', loading, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={loading ? undefined : onCancel} aria-labelledby="template-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="template-confirm-title">{header}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <HelpOutlineIcon color="warning" />
          <Typography>{message}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={loading}>
          {cancelText}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={loading} startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
