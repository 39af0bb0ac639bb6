import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/Tune';
import { formatPhoneDisplay, type DealRoomAssistant } from '@drivebay/shared';

/**
 * The options popover: who the text goes out from (the store's sending assistant) and the
 * conversation controls other parts of the product add (handoffs, date-time dialogue).
 */
export function DealRoomOptions({ assistants, extra }: { assistants: DealRoomAssistant[] | null; extra?: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sender = assistants?.find((a) => a.initializerProcessEnabled) ?? assistants?.[0] ?? null;
  return (
    <>
      <Button startIcon={<TuneIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog">
        Options
      </Button>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'top', horizontal: 'left' }} transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Stack spacing={1.5} sx={{ p: 2, minWidth: 260, maxWidth: 440 }} role="dialog" aria-label="Options">
          <Typography variant="subtitle2">Sending from</Typography>
          {sender ? (
            <Typography>
              {`${sender.agentFirstName} ${sender.agentLastName}`.trim()}
              {sender.agentPhoneNumber ? ` · ${formatPhoneDisplay(sender.agentPhoneNumber)}` : ''}
            </Typography>
          ) : (
            <Typography color="text.secondary">The store’s assistant</Typography>
          )}
          {extra ? (
            <>
              <Divider />
              {extra}
            </>
          ) : null}
        </Stack>
      </Popover>
    </>
  );
}
