import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Selection } from '../../../lib/session/storage';
import type { OrgScope } from '../hooks/use-org-scope';

type Option = { id: number; label: string };

type SelectorProps = {
  label: string;
  value: number | null;
  options: Option[] | undefined;
  loading: boolean;
  /** Fixed by the user's scope: shown, not changeable. */
  pinned: boolean;
  /** Why there is nothing to choose yet, e.g. 'Choose a BOC first'. */
  waitingFor: string | null;
  onChange: (id: number | null) => void;
};

function Selector({ label, value, options, loading, pinned, waitingFor, onChange }: SelectorProps) {
  const known = options?.some((o) => o.id === value) ?? false;
  return (
    <TextField
      select
      label={label}
      value={known && value !== null ? String(value) : ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      disabled={pinned || waitingFor !== null || !options || options.length === 0}
      title={waitingFor ?? (loading ? `Loading ${label.toLowerCase()} list` : undefined)}
      sx={{ flex: { xs: '1 1 100%', sm: '1 1 0' }, minWidth: 0, maxWidth: { sm: 260 } }}
      slotProps={{
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
      }}
    >
      {(options ?? []).map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The Enterprise, BOC and Store choosers of the top bar. */
export function OrgSelectors({ scope, selection }: { scope: OrgScope; selection: Selection }) {
  const enterpriseOptions = scope.enterprises?.map((e) => ({ id: e.id, label: e.name }));
  const bocOptions = scope.bocs?.map((b) => ({ id: b.id, label: b.bocName }));
  const storeOptions = scope.stores?.map((s) => ({ id: s.id, label: s.storeName }));
  return (
    <Stack
      direction="row"
      spacing={0}
      useFlexGap
      sx={{ gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center', width: '100%', justifyContent: { lg: 'center' } }}
    >
      <Selector
        label="Enterprise"
        value={selection.enterpriseId}
        options={enterpriseOptions}
        loading={scope.loading.enterprises}
        pinned={scope.pins.enterpriseId !== null}
        waitingFor={null}
        onChange={scope.selectEnterprise}
      />
      <Selector
        label="BOC"
        value={selection.bocId}
        options={bocOptions}
        loading={scope.loading.bocs}
        pinned={scope.pins.bocId !== null}
        waitingFor={selection.enterpriseId === null ? 'Choose an enterprise first' : null}
        onChange={scope.selectBoc}
      />
      <Selector
        label="Store"
        value={selection.storeId}
        options={storeOptions}
        loading={scope.loading.stores}
        pinned={scope.pins.storeId !== null}
        waitingFor={selection.bocId === null ? 'Choose a BOC first' : null}
        onChange={scope.selectStore}
      />
    </Stack>
  );
}
