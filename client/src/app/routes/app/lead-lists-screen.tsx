import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import AddCommentIcon from '@mui/icons-material/AddComment';
import { LEAD_LISTS, PATHS, customerPagePath, type LeadListKind, type Store } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';
import { useInboxes } from '../../../features/inbox';
import { AutomatedPanel, LeadListPanel, StartConversationDialog, type ListCall, type Place } from '../../../features/lead-lists';
import { readCustomSearchV2 } from '../../../lib/session/storage';
import { OPEN_PARAM } from './inbox-screen';

const FSI = '/api/future-service-interaction';
const tabCall = (tab: string): ListCall => ({ path: '/api/lisa/custom-search/leadManager', query: { tab } });

/** The lead manager's list tabs after Inbox, in order, with the call each makes (docs/lead-lists.md). */
export const LIST_TABS: { value: string; kind: LeadListKind; call: () => ListCall }[] = [
  { value: 'consolidated', kind: 'CONSOLIDATED', call: () => tabCall('CONSOLIDATED') },
  { value: 'smt', kind: 'SMT', call: () => tabCall('SMT') },
  { value: 'gm-handoff', kind: 'GM_HANDOFF', call: () => ({ path: `${FSI}/gmhandoff` }) },
  { value: 'mrt', kind: 'MRT', call: () => tabCall('MRT') },
  { value: 'tcpa', kind: 'TCPA', call: () => ({ path: `${FSI}/tcpa-search` }) },
  { value: 'handoff', kind: 'HANDOFF', call: () => tabCall('HANDOFF') },
  { value: 'lead-at-risk', kind: 'LEAD_AT_RISK', call: () => ({ path: `${FSI}/lead-at-risk` }) },
  // Every lead, narrowed by the filters: the custom search, chosen v2 or v3 by the address's
  // custom-search-version flag (conversation spec §2). Its address stays ?tab=leads.
  { value: 'leads', kind: 'CUSTOM', call: () => ({ path: `${FSI}/${readCustomSearchV2() ? 'v2' : 'v3'}/custom-search` }) },
  { value: 'new', kind: 'NEW', call: () => tabCall('NEW') },
  // LM_2: the contact-later tab's own search.
  { value: 'contact-later', kind: 'CONTACT_LATER', call: () => ({ path: `${FSI}/contact-later-lm2-search` }) },
  { value: 'follow-up', kind: 'FOLLOW_UP', call: () => ({ path: `${FSI}/followup` }) },
  { value: 'smart-follow-up', kind: 'SMART_FOLLOW_UP', call: () => ({ path: '/api/lisa/custom-search/follow-up', ent: true }) },
  { value: 'nraa', kind: 'NRAA', call: () => ({ path: `${FSI}/nraa-search` }) },
  { value: 'archived', kind: 'ARCHIVED', call: () => ({ path: `${FSI}/archived-screen` }) },
];
export const AUTOMATED_TAB = 'automated';
export function tabLabel(value: string): string {
  if (value === AUTOMATED_TAB) return 'Automated';
  const kind = LIST_TABS.find((t) => t.value === value)!.kind;
  return kind === 'CUSTOM' ? 'All leads (custom)' : LEAD_LISTS[kind];
}

const EMPTY: InboxRow[] = [];
const zoneOf = (store: Store) => store.officeMasterVO.officeTimeZone || store.officeMasterTimezone;

/** One list tab of a store, live on the store's inbox document; a row opens its conversation in the inbox. */
export function StoreListTab({ store, tab }: { store: Store; tab: string }) {
  const navigate = useNavigate();
  const storeIds = useMemo(() => [store.id], [store.id]);
  const snapshots = useInboxes(storeIds);
  const liveRows = snapshots[0]?.rows ?? EMPTY;
  const place = useMemo<Place>(() => ({ storeId: store.id }), [store.id]);
  if (tab === AUTOMATED_TAB) return <AutomatedPanel />;
  const def = LIST_TABS.find((t) => t.value === tab)!;
  return (
    <LeadListPanel
      key={`${store.id}:${tab}`}
      call={def.call()}
      label={`${LEAD_LISTS[def.kind]} leads of ${store.storeName}`}
      place={place}
      timeZone={zoneOf(store)}
      liveRows={liveRows}
      onOpen={(id) => navigate(`${PATHS.leadManager}?${OPEN_PARAM}=${id}`)}
      dueFilter={def.kind === 'FOLLOW_UP' || def.kind === 'EMAIL_FOLLOW_UP'}
    />
  );
}

/** The start-a-conversation button; the new interaction becomes the selected (open) one. */
export function StartConversationButton({ store }: { store: Store }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddCommentIcon />} onClick={() => setOpen(true)}>
        Start conversation
      </Button>
      {open ? (
        <StartConversationDialog
          storeId={store.id}
          storeName={store.storeName}
          onOpenCustomer={(customerId) => navigate(customerPagePath({ bocId: store.boc, storeId: store.id, customerId }))}
          onClose={() => setOpen(false)}
          onStarted={(id) => {
            setOpen(false);
            navigate(`${PATHS.leadManager}?${OPEN_PARAM}=${id}`);
          }}
        />
      ) : null}
    </>
  );
}

/** /leadmanager/globalinbox0: conversations waiting on the dealership across the selection, and its contact-later list. */
export function GlobalInboxZero({ stores, place, tab }: { stores: Store[]; place: Place; tab: 'gi0' | 'contact-later' }) {
  const navigate = useNavigate();
  const storeIds = useMemo(() => stores.map((s) => s.id), [stores]);
  const snapshots = useInboxes(storeIds);
  const liveRows = useMemo(() => snapshots.flatMap((s) => s.rows), [snapshots]);
  const call: ListCall = tab === 'gi0' ? { path: `${FSI}/gi0` } : { path: `${FSI}/contact-later-gi-search` };
  return (
    <LeadListPanel
      key={tab}
      call={call}
      label={tab === 'gi0' ? 'Global inbox 0' : 'Contact later across the stores'}
      place={place}
      timeZone={stores[0] ? zoneOf(stores[0]) : 'America/New_York'}
      showStore
      liveRows={liveRows}
      onOpen={(id) => navigate(`${PATHS.globalInbox}?${OPEN_PARAM}=${id}`)}
    />
  );
}
