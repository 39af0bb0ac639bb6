import { NavLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import BusinessIcon from '@mui/icons-material/Business';
import InboxIcon from '@mui/icons-material/Inbox';
import TimerIcon from '@mui/icons-material/Timer';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import ViewListIcon from '@mui/icons-material/ViewList';
import DescriptionIcon from '@mui/icons-material/Description';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import EventIcon from '@mui/icons-material/Event';
import type { ReactNode } from 'react';
import { PATHS } from '@drivebay/shared';

export const DRAWER_WIDTH = 232;

type NavItem = { to: string; label: string; icon: ReactNode; end?: boolean };

function items(showCompanies: boolean): NavItem[] {
  const list: NavItem[] = [
    { to: PATHS.leadManager, label: 'Lead manager', icon: <ViewListIcon />, end: true },
    { to: PATHS.globalInbox, label: 'Global inbox', icon: <InboxIcon /> },
    { to: PATHS.maxResponseTime, label: 'Max response time', icon: <TimerIcon /> },
    { to: PATHS.templates, label: 'Templates', icon: <DescriptionIcon /> },
    { to: PATHS.mailingLists, label: 'Mailing lists', icon: <ContactMailIcon /> },
    { to: PATHS.salesAppointment, label: 'Sales appointment', icon: <EventIcon /> },
    { to: PATHS.swimlane, label: 'Swimlane', icon: <ViewWeekIcon /> },
    { to: PATHS.appointments, label: 'Appointments', icon: <EventNoteIcon /> },
  ];
  if (showCompanies) list.push({ to: PATHS.companyMasterList, label: 'Companies', icon: <BusinessIcon /> });
  return list;
}

function NavList({ showCompanies, onNavigate }: { showCompanies: boolean; onNavigate?: () => void }) {
  return (
    <List component="nav" aria-label="Main navigation" sx={{ px: 1, py: 1.5 }}>
      {items(showCompanies).map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          end={item.end}
          onClick={onNavigate}
          sx={{
            borderRadius: 1.5,
            mb: 0.5,
            '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' },
            '&.active .MuiListItemIcon-root': { color: 'primary.contrastText' },
            '&.active:hover': { bgcolor: 'primary.dark' },
          }}
        >
          <ListItemIcon sx={{ minWidth: 38 }}>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );
}

type NavDrawerProps = {
  showCompanies: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
};

/** Permanent on wide screens; a temporary drawer opened from the app bar on narrow ones. */
export function NavDrawer({ showCompanies, mobileOpen, onMobileClose }: NavDrawerProps) {
  return (
    <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
      >
        <NavList showCompanies={showCompanies} onNavigate={onMobileClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, height: '100%' }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH, position: 'relative', height: '100%', borderRight: 1, borderColor: 'divider' } } }}
      >
        <NavList showCompanies={showCompanies} />
      </Drawer>
    </Box>
  );
}
