import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { Role, ServiceType } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';
import { usePresence } from '../../../lib/collab';
import type { InboxSnapshot } from '../hooks/use-inbox-rows';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useInboxNotifications } from '../hooks/use-inbox-notifications';
import { useNow } from '../hooks/use-now';
import { filterRows, longestWaitingFirst, mergeByActivity, unreadCounts } from '../inbox-rows';
import { combinedStatus, ConnectionChip } from './connection-chip';
import { InboxFilters, type StoreOption } from './inbox-filters';
import { InboxList } from './inbox-list';
import type { RowPresence } from './row-presence';
import { NotificationBell } from './notification-bell';

/** The spec's search debounce (§9). */
export const INBOX_SEARCH_DEBOUNCE_MS = 500;
// Delay colours change at 3 and 5 minutes; a 15-second tick is close enough and cheap.
const CLOCK_TICK_MS = 15_000;

export type InboxPaneProps = {
  snapshots: readonly InboxSnapshot[];
  stores: readonly StoreOption[];
  /** 'waiting': only conversations waiting for a response, longest wait first. */
  mode: 'inbox' | 'waiting';
  roles: readonly Role[];
  showBadges: boolean;
  selectedId: number | null;
  onSelect: (interactionId: number) => void;
};

function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The live conversation list of one or several stores, with search, counters and notifications. */
export function InboxPane({ snapshots, stores, mode, roles, showBadges, selectedId, onSelect }: InboxPaneProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, INBOX_SEARCH_DEBOUNCE_MS);
  const [storeId, setStoreId] = useState<number | null>(null);
  const [serviceType, setServiceType] = useState<ServiceType | null>(null);
  const now = useNow(CLOCK_TICK_MS);
  const notifications = useInboxNotifications(snapshots, selectedId);

  const all = useMemo(() => {
    const merged = mergeByActivity(snapshots.map((s) => s.rows));
    return mode === 'waiting' ? longestWaitingFirst(merged) : merged;
  }, [snapshots, mode]);
  const inStore = useMemo(() => (storeId === null ? all : all.filter((r) => r.storeId === storeId)), [all, storeId]);
  const counts = useMemo(() => unreadCounts(inStore), [inStore]);
  const present = useMemo(() => {
    const map = new Map<ServiceType, number>();
    for (const row of inStore) map.set(row.serviceType, (map.get(row.serviceType) ?? 0) + 1);
    return map;
  }, [inStore]);
  const shown = useMemo(() => {
    const byType = serviceType === null ? inStore : inStore.filter((r) => r.serviceType === serviceType);
    return filterRows(byType, search);
  }, [inStore, serviceType, search]);
  const fresh = useMemo(
    () => new Set(notifications.list.filter((n) => (storeId === null || n.storeId === storeId) && !n.serviceTypeReadStatus).map((n) => n.serviceType)),
    [notifications.list, storeId],
  );
  const timeZones = useMemo(() => new Map(stores.map((s) => [s.id, s.timeZone])), [stores]);
  const storeIds = useMemo(() => snapshots.map((s) => s.storeId), [snapshots]);
  const peers = usePresence(storeIds);
  const presence = useMemo(() => {
    const byRow = new Map<number, { viewing: typeof peers; typing: typeof peers }>();
    for (const peer of peers) {
      for (const id of new Set([...peer.viewing, ...peer.typing])) {
        const row = byRow.get(id) ?? { viewing: [], typing: [] };
        row.viewing.push(peer);
        if (peer.typing.includes(id)) row.typing.push(peer);
        byRow.set(id, row);
      }
    }
    return byRow as ReadonlyMap<number, RowPresence>;
  }, [peers]);
  const storeNames = useMemo(() => (stores.length > 1 ? new Map(stores.map((s) => [s.id, s.name])) : null), [stores]);

  const chooseServiceType = (type: ServiceType | null) => {
    setServiceType(type);
    // Reading a service type's list reads its notifications, for that type and for the store.
    if (type !== null) for (const s of stores) if (storeId === null || s.id === storeId) notifications.markServiceTypeRead(s.id, type);
  };

  const loaded = snapshots.length > 0 && snapshots.every((s) => s.loaded || s.error);
  const errors = snapshots.filter((s) => s.error);
  const select = (row: InboxRow) => onSelect(row.interactionId);

  let body;
  if (!loaded) {
    body = (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading conversations" />
      </Box>
    );
  } else if (all.length === 0) {
    body = <EmptyState text={mode === 'waiting' ? 'No conversation is waiting for a response.' : 'No active conversations.'} />;
  } else if (shown.length === 0) {
    body = <EmptyState text={search.trim() ? `No conversations match “${search.trim()}”.` : 'No conversations for this filter.'} />;
  } else {
    body = (
      <InboxList
        rows={shown}
        selectedId={selectedId}
        roles={roles}
        now={now}
        timeZones={timeZones}
        storeNames={storeNames}
        showBadges={showBadges}
        presence={presence}
        onSelect={select}
      />
    );
  }

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1.5 }}>
        <TextField
          type="search"
          placeholder="Search name, phone, email, customer no."
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          fullWidth
          slotProps={{
            htmlInput: { 'aria-label': 'Search conversations' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <NotificationBell
          notifications={notifications.list}
          stores={stores}
          onOpen={(n) => onSelect(n.interactionId)}
          onMarkStoreRead={notifications.markStoreRead}
        />
      </Stack>
      <InboxFilters
        counts={counts}
        present={present}
        stores={stores}
        storeId={storeId}
        serviceType={serviceType}
        fresh={fresh}
        onStore={setStoreId}
        onServiceType={chooseServiceType}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, pb: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
          {loaded ? `${shown.length} conversation${shown.length === 1 ? '' : 's'}` : ''}
        </Typography>
        <ConnectionChip status={combinedStatus(snapshots.map((s) => s.status))} />
      </Stack>
      {errors.map((s) => (
        <Alert key={s.storeId} severity={s.error?.kind === 'forbidden' ? 'error' : 'warning'} sx={{ mx: 1.5, mb: 1 }}>
          {stores.length > 1 ? `${stores.find((x) => x.id === s.storeId)?.name ?? `Store ${s.storeId}`}: ` : ''}
          {s.error?.message}
        </Alert>
      ))}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', borderTop: 1, borderColor: 'divider' }}>{body}</Box>
    </Stack>
  );
}
