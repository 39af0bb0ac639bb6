import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { applyUpdate, useUpdateAvailable } from '../service-worker/register';

/** "Update available — Reload": the new version takes over only when the user says so. */
export function UpdatePrompt() {
  const waiting = useUpdateAvailable();
  return (
    <Snackbar open={waiting} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <SnackbarContent
        role="status"
        message="Update available"
        action={
          <Button color="inherit" size="small" onClick={applyUpdate}>
            Reload
          </Button>
        }
      />
    </Snackbar>
  );
}
