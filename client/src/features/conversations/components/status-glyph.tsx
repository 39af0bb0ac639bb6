import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import type { StatusIcon } from '@drivebay/shared';

/** The delivery-status icon of an outbound message, titled as `statusIcon` says. */
export function StatusGlyph({ status }: { status: StatusIcon }) {
  if (!status.icon) return null;
  const sx = { fontSize: 16, verticalAlign: 'middle' } as const;
  const icon = {
    ban: <BlockIcon sx={sx} color="error" />,
    cross: <CloseIcon sx={sx} color="error" />,
    'double-tick': <DoneAllIcon sx={sx} color="primary" />,
    'single-tick': <DoneIcon sx={sx} color="action" />,
    question: <HelpOutlineIcon sx={sx} color="action" />,
  }[status.icon];
  return (
    <Tooltip title={status.title}>
      <span role="img" aria-label={status.title} data-status-icon={status.icon} style={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </Tooltip>
  );
}
