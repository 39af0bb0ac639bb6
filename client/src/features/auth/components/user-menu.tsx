import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { ROLE_LABELS, type UserData } from '@drivebay/shared';
import { useLogout } from '../hooks/use-logout';

function initials(user: UserData): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return letters || user.username.charAt(0).toUpperCase();
}

/** The signed-in user's name and first role, opening a menu with Logout. */
export function UserMenu({ user }: { user: UserData }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [leaving, setLeaving] = useState(false);
  const logout = useLogout();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const firstRole = user.roles[0];
  const roleLabel = firstRole ? ROLE_LABELS[firstRole] : '';

  return (
    <>
      <ButtonBase
        aria-label="Account"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1.25, color: 'inherit', textAlign: 'left' }}
      >
        <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'secondary.main' }}>{initials(user)}</Avatar>
        <Box sx={{ display: { xs: 'none', md: 'block' }, lineHeight: 1.2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'inherit' }}>
            {fullName}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.8, color: 'inherit' }}>
            {roleLabel}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }}>
          <Typography variant="subtitle2">{fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.username}
            {roleLabel ? ` · ${roleLabel}` : ''}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
