import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { MessageOption } from '@drivebay/shared';

const LABELS: Record<MessageOption, string> = {
  ARCHIVE: 'Archive',
  LOG_MODE: 'Log mode',
  SHOW_INTENTS: 'Show Intents',
  DT: 'DT',
  ACTION_INTENTS: 'Action Intents',
  DEFAULT_ACTION_INTENTS: 'Default Action Intents',
  SET_RESPONSE_TIME: 'Set Response Time',
};

type Props = { options: readonly MessageOption[]; onChoose: (option: MessageOption) => void };

/** The ⋮ menu of one message (spec §2). Nothing is drawn when there is nothing to offer. */
export function MessageOptionsMenu({ options, onChoose }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (options.length === 0) return null;
  return (
    <>
      <IconButton size="small" aria-label="Message options" onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.25 }}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option}
            onClick={() => {
              setAnchor(null);
              onChoose(option);
            }}
          >
            {LABELS[option]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
