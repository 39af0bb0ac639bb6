import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { formatInTimeZone } from '../../../lib/dates';
import { serviceTypeLabel } from '../inbox-rows';
import { unreadNotifications, type InboxNotification } from '../notifications';

type Props = {
  notifications: readonly InboxNotification[];
  stores: readonly { id: number; name: string; timeZone: string | null }[];
  onOpen: (notification: InboxNotification) => void;
  onMarkStoreRead: (storeId: number) => void;
};

/** New-message notifications: the bell counts those not yet read for their store. */
export function NotificationBell({ notifications, stores, onOpen, onMarkStoreRead }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = unreadNotifications(notifications);
  const storeOf = (id: number) => stores.find((s) => s.id === id);

  return (
    <>
      <IconButton aria-label={`Notifications, ${unread} unread`} onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxHeight: 440 } } }}
      >
        <Stack sx={{ p: 1.5, gap: 1 }}>
          <Typography variant="subtitle2">New messages</Typography>
          {stores
            .filter((s) => unreadNotifications(notifications, s.id) > 0)
            .map((s) => (
              <Button key={s.id} size="small" variant="outlined" onClick={() => onMarkStoreRead(s.id)}>
                Mark read{stores.length > 1 ? ` · ${s.name}` : ''}
              </Button>
            ))}
        </Stack>
        <Divider />
        {notifications.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            No new messages since you opened the inbox.
          </Typography>
        ) : (
          <List dense disablePadding>
            {notifications.map((n) => {
              const store = storeOf(n.storeId);
              return (
                <ListItemButton
                  key={n.interactionId}
                  onClick={() => {
                    setAnchor(null);
                    onOpen(n);
                  }}
                  sx={{ fontWeight: n.storeReadStatus ? 400 : 700 }}
                >
                  <ListItemText
                    primary={`New message from ${n.name}`}
                    secondary={[stores.length > 1 ? store?.name : null, serviceTypeLabel(n.serviceType), formatInTimeZone(n.at, store?.timeZone ?? null)]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ primary: { sx: { fontWeight: n.storeReadStatus ? 400 : 700 } } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
