import { NavLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
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
import UpcomingIcon from '@mui/icons-material/Upcoming';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { memo, useState, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Divider from '@mui/material/Divider';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import InsightsIcon from '@mui/icons-material/Insights';
import { ADMIN_PATHS, PATHS, REPORT_SCREEN_PATHS } from '@drivebay/shared';

export const DRAWER_WIDTH = 232;
/** The collapsed side navigation: icons only, each named by its tooltip and label. */
export const DRAWER_COLLAPSED_WIDTH = 64;
const COLLAPSED_KEY = 'drivebay.nav.collapsed';

type NavItem = { to: string; label: string; icon: ReactNode; end?: boolean };

function items(showCompanies: boolean, showAdmin: boolean): NavItem[] {
  const list: NavItem[] = [
    { to: PATHS.leadManager, label: 'Lead manager', icon: <ViewListIcon />, end: true },
    { to: PATHS.globalInbox, label: 'Global inbox', icon: <InboxIcon /> },
    { to: PATHS.maxResponseTime, label: 'Max response time', icon: <TimerIcon /> },
    { to: PATHS.globalInbox0, label: 'Global inbox 0', icon: <InboxIcon /> },
    { to: PATHS.templates, label: 'Templates', icon: <DescriptionIcon /> },
    { to: PATHS.planners, label: 'Planners', icon: <UpcomingIcon /> },
    { to: PATHS.mailingLists, label: 'Mailing lists', icon: <ContactMailIcon /> },
    { to: PATHS.salesAppointment, label: 'Sales appointment', icon: <EventIcon /> },
    { to: PATHS.swimlane, label: 'Swimlane', icon: <ViewWeekIcon /> },
    { to: PATHS.appointments, label: 'Appointments', icon: <EventNoteIcon /> },
    { to: PATHS.dataSync, label: 'Data sync', icon: <CloudSyncIcon /> },
    { to: REPORT_SCREEN_PATHS.dashboard, label: 'Reports', icon: <InsightsIcon /> },
  ];
  if (showCompanies) list.push({ to: PATHS.companyMasterList, label: 'Companies', icon: <BusinessIcon /> });
  if (showAdmin) list.push({ to: ADMIN_PATHS.admin, label: 'Administration', icon: <AdminPanelSettingsIcon /> });
  return list;
}

function NavList({ showCompanies, showAdmin, onNavigate, collapsed = false }: { showCompanies: boolean; showAdmin: boolean; onNavigate?: () => void; collapsed?: boolean }) {
  return (
    <List component="nav" aria-label="Main navigation" sx={{ px: 1, py: 1.5 }}>
      {items(showCompanies, showAdmin).map((item) => (
        <Tooltip key={item.to} title={collapsed ? item.label : ''} placement="right">
          <ListItemButton
            component={NavLink}
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            aria-label={collapsed ? item.label : undefined}
            sx={{
              borderRadius: 1.5,
              mb: 0.5,
              // A finger-sized target on a tablet.
              minHeight: 48,
              justifyContent: collapsed ? 'center' : 'flex-start',
              px: collapsed ? 1 : 2,
              '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' },
              '&.active .MuiListItemIcon-root': { color: 'primary.contrastText' },
              '&.active:hover': { bgcolor: 'primary.dark' },
            }}
          >
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 38 }}>{item.icon}</ListItemIcon>
            {collapsed ? null : <ListItemText primary={item.label} />}
          </ListItemButton>
        </Tooltip>
      ))}
    </List>
  );
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The side navigation's collapsed state, remembered on the device. */
function useCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () =>
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      } catch {
        // A device that keeps nothing still collapses for this visit.
      }
      return !c;
    });
  return [collapsed, toggle];
}

type NavDrawerProps = {
  showCompanies: boolean;
  /** The administration screens: for users whose roles allow any administrative task. */
  showAdmin?: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
};

/**
 * Permanent on wide screens, where it can collapse to icons; a temporary drawer opened from the
 * app bar on narrow ones, above the app bar so every entry can be tapped. Only the drawer of the
 * screen's width is rendered; turning a tablet swaps one for the other.
 */
export const NavDrawer = memo(function NavDrawer({ showCompanies, showAdmin = false, mobileOpen, onMobileClose }: NavDrawerProps) {
  const [collapsed, toggle] = useCollapsed();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const width = collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;
  return (
    <Box component="aside" sx={{ width: { md: width }, flexShrink: { md: 0 }, transition: 'width 150ms' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          open
          sx={{ height: '100%' }}
          slotProps={{
            paper: {
              sx: { width, position: 'relative', height: '100%', borderRight: 1, borderColor: 'divider', overflowX: 'hidden', display: 'flex', flexDirection: 'column' },
            },
          }}
        >
          <Box sx={{ flex: 1, overflowY: 'auto' }}>
            <NavList showCompanies={showCompanies} showAdmin={showAdmin} collapsed={collapsed} />
          </Box>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end', p: 1 }}>
            <Tooltip title={collapsed ? 'Expand navigation' : 'Collapse navigation'} placement="right">
              <IconButton onClick={toggle} aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'} aria-expanded={!collapsed}>
                {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
              </IconButton>
            </Tooltip>
          </Box>
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={onMobileClose}
          ModalProps={{ keepMounted: true }}
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': 'Navigation' } }}
        >
          <NavList showCompanies={showCompanies} showAdmin={showAdmin} onNavigate={onMobileClose} />
        </Drawer>
      )}
    </Box>
  );
});
