import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import { useConnectionView, type ConnectionView } from '../hooks/use-offline-status';

const LOOK = {
  online: { label: 'Online', color: 'success', Icon: CloudDoneOutlinedIcon },
  syncing: { label: 'Syncing', color: 'info', Icon: CloudSyncOutlinedIcon },
  offline: { label: 'Offline', color: 'warning', Icon: CloudOffOutlinedIcon },
} as const;

/** The chip's words: the state, and how many messages wait on this device. */
export function indicatorText(view: ConnectionView): { label: string; title: string } {
  const waiting = view.pending - view.refused;
  const parts: string[] = [LOOK[view.state].label];
  if (waiting > 0) parts.push(`${waiting} to send`);
  if (view.refused > 0) parts.push(`${view.refused} not sent`);
  const title =
    view.state === 'offline'
      ? 'No connection. You can keep working: messages wait on this device and are sent when the connection returns.'
      : view.state === 'syncing'
        ? 'Connected; bringing this device and the server up to date.'
        : 'Connected; everything on this device has reached the server.';
  return {
    label: parts.join(' · '),
    title: view.refused > 0 ? `${title} Messages the server refused are marked in their conversations.` : title,
  };
}

/** Online / offline / syncing and the messages waiting on this device, for the app bar. */
export function ConnectionIndicator() {
  const view = useConnectionView();
  const { label, title } = indicatorText(view);
  const { color, Icon } = LOOK[view.state];
  return (
    <Tooltip title={title}>
      <Chip
        size="small"
        variant={view.state === 'online' ? 'outlined' : 'filled'}
        color={color}
        icon={<Icon fontSize="small" />}
        label={label}
        data-testid="connection-indicator"
        data-state={view.state}
        data-pending={view.pending}
        aria-live="polite"
      />
    </Tooltip>
  );
}
