import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { FollowUpsDue, LeadListFilter } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { searchList, type ListCall } from '../api';

export type DueChoice = FollowUpsDue | '';

/** How many leads each choice holds, from the list's own search (one row asked, the total read). */
function useDueCount(call: ListCall, filter: LeadListFilter, due: FollowUpsDue, refresh: number): number | undefined {
  const f = { ...filter, followUpsDue: due };
  const data = useRemoteData(`${call.path}:${JSON.stringify(call.query ?? {})}:${JSON.stringify(f)}:${refresh}`, (signal) => searchList(call, f, 0, 1, signal), { keepPrevious: true });
  return data.data?.totalElements;
}

const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);

/**
 * All follow-ups, the ones still going out later today, or the ones past their time: the list a
 * person works through in the morning, with how many each holds.
 */
export function FollowUpDueFilter({ call, filter, value, onChange, refresh }: {
  call: ListCall;
  /** The list's filter without a due choice. */
  filter: LeadListFilter;
  value: DueChoice;
  onChange: (v: DueChoice) => void;
  refresh: number;
}) {
  const today = useDueCount(call, filter, 'today', refresh);
  const overdue = useDueCount(call, filter, 'overdue', refresh);
  return (
    <ToggleButtonGroup
      size="small" exclusive value={value} aria-label="Follow-ups due"
      onChange={(_e, v: DueChoice | null) => onChange(v ?? '')}
    >
      <ToggleButton value="">All</ToggleButton>
      <ToggleButton value="today">{label('Due today', today)}</ToggleButton>
      <ToggleButton value="overdue" sx={overdue ? { color: 'error.main' } : undefined}>{label('Overdue', overdue)}</ToggleButton>
    </ToggleButtonGroup>
  );
}
