import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { SERVICE_TYPES, type ServiceType } from '@drivebay/shared';
import { serviceTypeLabel, type UnreadCounts } from '../inbox-rows';

export type StoreOption = { id: number; name: string; timeZone: string | null };

type Props = {
  counts: UnreadCounts;
  /** Service types present in the list, with how many conversations each has. */
  present: ReadonlyMap<ServiceType, number>;
  stores: readonly StoreOption[];
  storeId: number | null;
  serviceType: ServiceType | null;
  /** Service types with notifications not yet read at that level. */
  fresh: ReadonlySet<string>;
  onStore: (storeId: number | null) => void;
  onServiceType: (serviceType: ServiceType | null) => void;
};

function label(name: string, unread: number): string {
  return unread > 0 ? `${name} · ${unread} unread` : name;
}

/** Unread counters as filters: per store (several stores only) and per service type. */
export function InboxFilters({ counts, present, stores, storeId, serviceType, fresh, onStore, onServiceType }: Props) {
  const types = SERVICE_TYPES.filter((t) => present.has(t));
  return (
    <Stack spacing={1} sx={{ px: 1.5, pb: 1 }}>
      {stores.length > 1 ? (
        <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Stores">
          <Chip size="small" label={label('All stores', counts.total)} color={storeId === null ? 'primary' : 'default'} onClick={() => onStore(null)} />
          {stores.map((s) => (
            <Chip
              key={s.id}
              size="small"
              label={label(s.name, counts.byStore.get(s.id) ?? 0)}
              color={storeId === s.id ? 'primary' : 'default'}
              onClick={() => onStore(storeId === s.id ? null : s.id)}
            />
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', maxHeight: 76, overflowY: 'auto' }} role="group" aria-label="Service types">
        <Chip size="small" label={label('All', counts.total)} color={serviceType === null ? 'primary' : 'default'} onClick={() => onServiceType(null)} />
        {types.map((t) => (
          <Badge key={t} variant="dot" color="error" invisible={!fresh.has(t)} overlap="circular">
            <Chip
              size="small"
              label={label(serviceTypeLabel(t), counts.byServiceType.get(t) ?? 0)}
              color={serviceType === t ? 'primary' : 'default'}
              variant={serviceType === t ? 'filled' : 'outlined'}
              onClick={() => onServiceType(serviceType === t ? null : t)}
            />
          </Badge>
        ))}
      </Stack>
    </Stack>
  );
}
