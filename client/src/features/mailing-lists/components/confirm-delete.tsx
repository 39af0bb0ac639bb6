import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';

/** A Yes/No confirmation with a question icon; both buttons wait while the deletion runs. */
export function ConfirmDelete({ open, message, loading, onYes, onNo }: { open: boolean; message: string; loading: boolean; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog open={open} onClose={loading ? undefined : onNo} aria-labelledby="mailing-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="mailing-confirm-title">Confirmation</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <HelpOutlineIcon color="warning" />
          <Typography>{message}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} disabled={loading}>
          No
        </Button>
        <Button variant="contained" color="error" onClick={onYes} disabled={loading} startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
