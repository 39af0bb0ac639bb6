import { lazy, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { PATHS, dealRoomTarget, responseTimeDisplayOn, type Store } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import type { StoreOption } from '../../../features/inbox';
import { getStores } from '../../../features/org';
import { useRemoteData } from '../../../lib/use-remote-data';
import { InboxScreen } from './inbox-screen';
import { AUTOMATED_TAB, GlobalInboxZero, LIST_TABS, StartConversationButton, StoreListTab, tabLabel } from './lead-lists-screen';
import { useLayoutContext } from './layout-context';

const TITLES: Record<string, string> = {
  [PATHS.leadManager]: 'Lead manager',
  [PATHS.globalInbox]: 'Global inbox',
  [PATHS.maxResponseTime]: 'Max response time',
  [PATHS.globalInbox0]: 'Global inbox 0',
};

/** The tabs of /leadmanager after the inbox: the lead lists, then the automated conversations. */
const TAB_VALUES = [...LIST_TABS.map((t) => t.value), AUTOMATED_TAB];

function ChooseStore({ what }: { what: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <StorefrontIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2">
          Choose a store
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          {what}
        </Typography>
      </Stack>
    </Paper>
  );
}

function storeOption(store: Store): StoreOption {
  return { id: store.id, name: store.storeName, timeZone: store.officeMasterVO.officeTimeZone || store.officeMasterTimezone || null };
}

/** /leadmanager: the selected store's live inbox, and its lead lists in the tabs after it. */
function StoreInbox() {
  const { user, selection, scope } = useLayoutContext();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  // An open conversation is shown in the inbox tab, whichever list it was opened from.
  const tab = asked && TAB_VALUES.includes(asked) && !params.get('fsi') ? asked : 'inbox';
  const store = scope.selectedStore;
  const stores = useMemo(() => (store ? [storeOption(store)] : []), [store]);

  const setTab = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value !== 'inbox') next.set('tab', value);
      else next.delete('tab');
      next.delete('fsi');
      return next;
    });

  let body;
  if (selection.enterpriseId === null || selection.storeId === null) body = <ChooseStore what="Pick an enterprise, a BOC and a store in the bar above to see that store’s conversations." />;
  else if (!store) body = scope.loading.stores ? <PageSpinner label="Loading store" /> : <ChooseStore what="Pick a store in the bar above." />;
  else if (tab !== 'inbox') body = <StoreListTab key={`${store.id}:${tab}`} store={store} tab={tab} />;
  else body = <InboxScreen key={store.id} user={user} stores={stores} mode="inbox" />;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader
        title={TITLES[PATHS.leadManager]!}
        subtitle={store ? `${store.storeName} · ${store.bocMaster.bocName} · times in ${store.officeMasterVO.timezoneDisplay}` : undefined}
        actions={store ? <StartConversationButton store={store} /> : undefined}
      />
      <Tabs
        value={tab}
        onChange={(_e, value: string) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Lead manager lists"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="inbox" label="Inbox" />
        {TAB_VALUES.map((value) => (
          <Tab key={value} value={value} label={tabLabel(value)} />
        ))}
      </Tabs>
      {body}
    </Stack>
  );
}

/**
 * The stores the global screens span: the selected BOC's stores, or every store of the selected
 * enterprise within the user's scope when no BOC is chosen.
 */
function useSelectionStores(): { stores: Store[] | undefined; loading: boolean } {
  const { user, selection, scope } = useLayoutContext();
  const { enterpriseId, bocId } = selection;
  const wide = useRemoteData(enterpriseId !== null && bocId === null ? `stores:${user.userMasterId}:${enterpriseId}:all` : null, (signal) =>
    getStores(enterpriseId ?? 0, null, signal),
  );
  if (enterpriseId === null) return { stores: undefined, loading: false };
  if (bocId === null) return { stores: wide.data, loading: wide.loading };
  return { stores: scope.stores, loading: scope.loading.stores };
}

/** /leadmanager/globalinbox and /leadmanager/max-response-time, over every store of the selection. */
function GlobalInbox({ mode }: { mode: 'inbox' | 'waiting' }) {
  const { pathname } = useLocation();
  const { user } = useLayoutContext();
  const { stores, loading } = useSelectionStores();
  const options = useMemo(() => (stores ?? []).map(storeOption), [stores]);
  const title = TITLES[pathname] ?? TITLES[PATHS.globalInbox]!;

  let body;
  if (options.length > 0) body = <InboxScreen user={user} stores={options} mode={mode} />;
  else if (loading) body = <PageSpinner label="Loading stores" />;
  else body = <ChooseStore what="Pick an enterprise (and a BOC to narrow it) in the bar above to see the conversations of its stores." />;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader
        title={title}
        subtitle={
          options.length > 0
            ? `${options.length} store${options.length === 1 ? '' : 's'}${mode === 'waiting' ? ' · conversations waiting for a response, longest wait first' : ''}`
            : undefined
        }
      />
      {body}
    </Stack>
  );
}

/** /leadmanager/globalinbox0: the selection's conversations waiting on the dealership, and its contact-later list. */
function GlobalInboxZeroScreen() {
  const { selection } = useLayoutContext();
  const { stores, loading } = useSelectionStores();
  const [tab, setTab] = useState<'gi0' | 'contact-later'>('gi0');
  const place = useMemo(
    () => (selection.bocId !== null ? { bocId: selection.bocId } : selection.enterpriseId !== null ? { enterpriseId: selection.enterpriseId } : {}),
    [selection.bocId, selection.enterpriseId],
  );
  let body;
  if (stores && stores.length > 0) body = <GlobalInboxZero stores={stores} place={place} tab={tab} />;
  else if (loading) body = <PageSpinner label="Loading stores" />;
  else body = <ChooseStore what="Pick an enterprise (and a BOC to narrow it) in the bar above to see the conversations of its stores." />;
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title={TITLES[PATHS.globalInbox0]!} subtitle={stores?.length ? `${stores.length} store${stores.length === 1 ? '' : 's'} · waiting on the dealership, longest wait first` : undefined} />
      <Tabs value={tab} onChange={(_e, v: 'gi0' | 'contact-later') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="gi0" label="Inbox 0" />
        <Tab value="contact-later" label="Contact later" />
      </Tabs>
      {body}
    </Stack>
  );
}

/** /leadmanager, /leadmanager/globalinbox, /leadmanager/globalinbox0 and /leadmanager/max-response-time. */
const LeadManagerDealRoomScreen = lazy(() => import('./templates-deal-room'));

export default function LeadManagerScreen() {
  const { pathname } = useLocation();
  // A service-page link (servicepage and future_service_interaction_id) opens the deal room.
  if (pathname === PATHS.leadManager && dealRoomTarget(window.location.search)) return <LeadManagerDealRoomScreen />;
  if (pathname === PATHS.globalInbox0) return <GlobalInboxZeroScreen />;
  if (!responseTimeDisplayOn(pathname)) return <StoreInbox />;
  return <GlobalInbox key={pathname} mode={pathname === PATHS.maxResponseTime ? 'waiting' : 'inbox'} />;
}
