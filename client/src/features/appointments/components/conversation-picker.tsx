import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Lead } from '@drivebay/shared';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants';
import { notifyListFailure } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRemoteData } from '../../../lib/use-remote-data';
import { searchConversations } from '../api';

function label(lead: Lead): string {
  const c = lead.customerMaster;
  const vehicle = lead.serviceVehicle ? ` · ${lead.serviceVehicle.year} ${lead.serviceVehicle.model}` : '';
  return `${c.firstName} ${c.lastName}${c.cellular ? ` · ${c.cellular}` : ''}${vehicle}`;
}

/** Finds the conversation (customer and vehicle) an appointment is for, by name, phone or number. */
export function ConversationPicker({
  bocId,
  storeId,
  value,
  onChange,
  disabled,
}: {
  bocId: number;
  storeId: number;
  value: Lead | null;
  onChange: (lead: Lead | null) => void;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const results = useRemoteData(`conversations:${storeId}:${search}`, (signal) => searchConversations({ bocId, storeId, search }, signal), {
    keepPrevious: true,
  });
  useEffect(() => {
    if (results.error) notifyListFailure(results.error);
  }, [results.error]);
  return (
    <Autocomplete
      options={results.data?.content ?? []}
      value={value}
      onChange={(_e, lead) => onChange(lead)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      loading={results.loading}
      disabled={disabled}
      renderInput={(params) => <TextField {...params} label="Customer" placeholder="Name, phone or customer number" required />}
    />
  );
}
