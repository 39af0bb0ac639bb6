import { Suspense, useCallback, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { PATHS, canOpenAdmin, type UserData } from '@drivebay/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { PageSpinner } from '../../../components/page-spinner';
import { UserMenu, useIdleLogout } from '../../../features/auth';
import { ConversationOfflineContext, type ConversationOffline } from '../../../features/conversations/offline';
import { ConnectionIndicator, UpdatePrompt, conversationOffline, useOfflineStartup } from '../../../features/offline';
import { OrgSelectors, useOrgScope } from '../../../features/org';
import { DataSourceHealthBanner } from '../../../features/data-sync';
import { ChangePasswordButton, EnterpriseLogo } from '../../../features/admin';
import { canOpenCompanyDirectory } from '../../../lib/permissions';
import type { Selection } from '../../../lib/session/storage';
import { useSession } from '../../../lib/session/use-session';
import type { LayoutContext } from './layout-context';
import { NavDrawer } from './nav-drawer';

// The offline feature fulfils the conversation screen's outbox and drafts contract; they meet here.
const offlineForConversations: ConversationOffline = conversationOffline;

function SignedInLayout({ user, selection }: { user: UserData; selection: Selection }) {
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const scope = useOrgScope(user, selection);
  useIdleLogout(true);
  useOfflineStartup();
  // Each list the app bar loads re-renders the layout: the screen and the navigation re-render only
  // when what they are given changed.
  const context = useMemo<LayoutContext>(() => ({ user, selection, scope }), [user, selection, scope]);
  const openNav = useCallback(() => setMobileNavOpen(true), []);
  const closeNav = useCallback(() => setMobileNavOpen(false), []);

  return (
    // The layout fills the viewport and the screen area scrolls, so a list can keep its header and
    // pager in view.
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="static"
        color="inherit"
        sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
      >
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <IconButton
            aria-label="Open navigation"
            edge="start"
            onClick={openNav}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <BrandLogo />
          <EnterpriseLogo enterpriseId={user.enterprise.id} name={user.enterprise.name} />
          <Box sx={{ flex: { xs: '1 1 100%', md: 1 }, order: { xs: 3, md: 0 }, minWidth: 0, display: 'flex' }}>
            <OrgSelectors scope={scope} selection={selection} />
          </Box>
          <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <ConnectionIndicator />
            <ChangePasswordButton />
            <UserMenu user={user} />
          </Box>
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <NavDrawer
          showCompanies={canOpenCompanyDirectory(user)}
          showAdmin={canOpenAdmin(user.roles)}
          mobileOpen={mobileNavOpen}
          onMobileClose={closeNav}
        />
        <Box
          component="main"
          data-testid="main-layout"
          sx={{ flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column', p: { xs: 2, md: 3 } }}
        >
          <DataSourceHealthBanner enterpriseId={user.enterprise.id} roles={user.roles} dataSyncPath={PATHS.dataSync} />
          <ConversationOfflineContext.Provider value={offlineForConversations}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet context={context} />
            </Suspense>
          </ConversationOfflineContext.Provider>
        </Box>
      </Box>
      <UpdatePrompt />
    </Box>
  );
}

/** The main application layout: app bar with the store choosers and account menu, navigation, screen. */
export default function AppLayout() {
  const { user, selection } = useSession();
  // The session guard above renders this only for a signed-in user.
  if (!user) return null;
  return <SignedInLayout user={user} selection={selection} />;
}
