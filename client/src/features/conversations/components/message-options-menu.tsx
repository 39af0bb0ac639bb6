import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { MessageOption } from '@drivebay/shared';

/** The per-message options the product can carry out today; the assistant's ones are not offered. */
export type OfferedOption = Extract<MessageOption, 'ARCHIVE' | 'SET_RESPONSE_TIME'>;

const LABELS: Record<OfferedOption, string> = { ARCHIVE: 'Archive', SET_RESPONSE_TIME: 'Set Response Time' };

type Props = { options: readonly OfferedOption[]; onChoose: (option: OfferedOption) => void };

/** The ⋮ menu of one message. Nothing is drawn when there is nothing to offer. */
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
