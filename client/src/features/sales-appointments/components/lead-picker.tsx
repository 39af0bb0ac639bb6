import { useMemo, useState } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { matchesLeadSearch, type Lead } from '@drivebay/shared';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants';

/** The lead search box and the numbered list of leads (name and e-mail); a click selects one. */
export function LeadPicker({ leads, loading, selectedId, onSelect }: { leads: Lead[] | undefined; loading: boolean; selectedId: number | null; onSelect: (lead: Lead) => void }) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const shown = useMemo(
    () => (leads ?? []).filter((l) => matchesLeadSearch({ firstName: l.customerMaster.firstName, lastName: l.customerMaster.lastName }, query)),
    [leads, query],
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', minHeight: 0, maxHeight: { md: '70dvh' } }}>
      <TextField label="Search leads" value={search} onChange={(e) => setSearch(e.target.value)} fullWidth sx={{ mb: 1 }} slotProps={{ htmlInput: { 'aria-label': 'Search leads' } }} />
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {loading ? 'Loading leads…' : 'No records available'}
        </Typography>
      ) : (
        <List dense aria-label="Leads" sx={{ overflow: 'auto' }}>
          {shown.map((lead, i) => (
            <ListItemButton key={lead.id} selected={lead.id === selectedId} onClick={() => onSelect(lead)}>
              <ListItemText
                primary={`${i + 1}. ${`${lead.customerMaster.firstName} ${lead.customerMaster.lastName}`.trim() || lead.customerMaster.custno}`}
                secondary={lead.customerMaster.email ?? 'No email'}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
