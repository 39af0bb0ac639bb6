import { useId } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import type { ConfirmedAction } from './use-confirmed-action';

type ConfirmDialogProps = {
  open: boolean;
  header: string;
  message: string;
  confirmText: string;
  cancelText?: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Green for a go-ahead, red for something that destroys data. */
  confirmColor?: 'success' | 'error';
};

/**
 * The generic confirm dialog of the spec: header, question icon, message, a confirm button with
 * its own text and a cancel button ('Cancel' by default); both are disabled while loading.
 */
export function ConfirmDialog({
  open,
  header,
  message,
  confirmText,
  cancelText = 'Cancel',
  loading,
  onConfirm,
  onCancel,
  confirmColor = 'success',
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={loading ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{header}</DialogTitle>
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
        <Button
          variant="contained"
          color={confirmColor}
          onClick={onConfirm}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The confirm dialog of a {@link useConfirmedAction}: header 'Confirmation' and a 'Yes' button;
 * deletions ask 'Yes' or 'No' with the Yes in red.
 */
export function ConfirmActionDialog<T>({ action, message, deletion = false }: { action: ConfirmedAction<T>; message: string; deletion?: boolean }) {
  return (
    <ConfirmDialog
      open={action.target !== null}
      header="Confirmation"
      message={message}
      confirmText="Yes"
      cancelText={deletion ? 'No' : 'Cancel'}
      confirmColor={deletion ? 'error' : 'success'}
      loading={action.loading}
      onConfirm={() => void action.confirm()}
      onCancel={action.cancel}
    />
  );
}
