import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { NOTICE_DURATION_MS } from '../config/constants';
import { subscribeNotices, type Notice } from '../lib/notices';

type QueuedNotice = Notice & { id: number };

/** Every notice carries this title (spec §8). */
export const NOTICE_TITLE = 'AI Message';

/**
 * Shows the notices published through `notify`, one at a time, top right. Mounted once, at the
 * root, so each notice appears exactly once however many screens are open. A newer notice closes
 * the one on screen early rather than waiting behind it.
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<QueuedNotice[]>([]);
  const [shown, setShown] = useState<QueuedNotice | undefined>(undefined);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let next = 0;
    return subscribeNotices((notice) => {
      next += 1;
      const id = next;
      setPending((q) => [...q, { ...notice, id }]);
    });
  }, []);

  useEffect(() => {
    const [first] = pending;
    if (first && !shown) {
      setShown(first);
      setPending((q) => q.slice(1));
      setOpen(true);
    } else if (first && shown && open) {
      setOpen(false);
    }
  }, [pending, shown, open]);

  return (
    <>
      {children}
      <Snackbar
        key={shown?.id}
        open={open}
        autoHideDuration={NOTICE_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        slotProps={{ transition: { onExited: () => setShown(undefined) } }}
      >
        {shown ? (
          <Alert
            severity={shown.severity}
            variant="filled"
            onClose={() => setOpen(false)}
            sx={{ minWidth: 300, maxWidth: 440, boxShadow: 6 }}
          >
            <AlertTitle>{NOTICE_TITLE}</AlertTitle>
            {shown.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
